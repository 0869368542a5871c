/** A player's turn: the action a panel offered, or the seat's own latest step taken back (see the undo policy in ../game-service.ts). */
import { paysForNothing, type Seat } from '../../engine/index.js';
import type { NewAction } from '../../persistence/game-repository.js';
import type { SeatRow } from '../../persistence/schema.js';
import { compoundTail, effectiveLog, replayFrom } from '../log.js';
import { commit, save, wire } from './commit.js';
import type { GameCore } from './core.js';
import { activeSeats, canUndo, compounds, compoundSteps, legalActions, seatOf } from './queries.js';
import { refuse, type ActiveSnapshot, type Outcome, type Refusal, type Result } from './types.js';


/** Who may act for `panelSeat` on this game: refusals for strangers, other players and stale versions. */
export function checkActor(game: ActiveSnapshot, userId: string, panelSeat: Seat, expectedVersion: number): Refusal | SeatRow {
  const seat = seatOf(game, userId);
  if (seat === undefined || seat.leftAt !== null) return refuse('not_a_player', {});
  if (seat.seat !== panelSeat) return refuse('foreign_panel', { owner: panelSeat });
  if (game.row.version !== expectedVersion) return refuse('stale', { currentVersion: game.row.version });
  const active = activeSeats(game);
  if (!active.includes(seat.seat)) return refuse('not_your_turn', { waitingFor: active });
  return seat;
}

/**
 * Applies the action at `index` of the seat's legal actions, as the panel at `expectedVersion` showed them,
 * or beyond them the compound choice at `index - legal.length`. A compound that pays and then does nothing
 * is refused (`unconfirmed`) until the player confirmed it.
 */
export async function act(
  core: GameCore,
  gameId: number,
  userId: string,
  panelSeat: Seat,
  expectedVersion: number,
  index: number,
  confirmed = false,
): Promise<Result<{ outcome: Outcome }>> {
  const loaded = await core.active(gameId);
  if (!loaded.ok) return loaded;
  const game = loaded.game;
  const actor = checkActor(game, userId, panelSeat, expectedVersion);
  if ('ok' in actor) return actor;
  const legal = legalActions(game, actor.seat);
  const compound = Number.isInteger(index) && index >= legal.length;
  const steps = !Number.isInteger(index) || index < 0 ? [] : !compound ? [legal[index]] : (compounds(game, actor.seat, legal)[index - legal.length] ?? []);
  // An index the panel at this version cannot have offered: the click did not come from our panel.
  if (steps.length === 0) return refuse('stale', { currentVersion: game.row.version });
  if (compound && !confirmed && paysForNothing(compoundSteps(game, actor.seat, steps).map((s) => s.kind))) return refuse('unconfirmed', {});
  // The steps of a compound carry its mark (the version it was chosen at), so undo can take them back at once.
  const moves = steps.map((action, step) => ({
    seat: actor.seat,
    action: wire(action),
    ...(compound ? { compound: { id: game.row.version, step, of: steps.length } } : {}),
  }));
  return commit(core, game, moves, {});
}

/**
 * Takes back the seat's latest action still in effect (see the undo policy in ../game-service.ts), or with
 * `whole`, every step of the compound choice it was the last of; `undone` are those actions, oldest first
 * (for "Undone: …").
 */
export async function undo(
  core: GameCore,
  gameId: number,
  userId: string,
  panelSeat: Seat,
  expectedVersion: number,
  whole = false,
): Promise<Result<{ outcome: Outcome; undone: readonly unknown[] }>> {
  const loaded = await core.active(gameId);
  if (!loaded.ok) return loaded;
  const game = loaded.game;
  const actor = checkActor(game, userId, panelSeat, expectedVersion);
  if ('ok' in actor) return actor;
  // Nothing at or before the newest snapshot can be undone: replay from it, not from the first move.
  const base = await core.replayBase(game.row, game.module.definition, game.options);
  const tail = effectiveLog(await core.repo.actionsAfter(game.row.id, base.sequence));
  if (!(await canUndo(core, game, actor.seat, tail))) return refuse('cannot_undo', {});
  const count = whole ? compoundTail(tail, actor.seat) : 1;
  if (count === 0) return refuse('cannot_undo', {});
  const state = replayFrom(game.module.definition, base.state, tail.slice(0, -count));
  const entries: NewAction[] = Array.from({ length: count }, () => ({ seat: actor.seat, kind: 'undo', action: null, events: [], checkpoint: false }));
  const saved = await save(core, game, { state, entries, status: 'active' });
  return saved.ok ? { ...saved, undone: tail.slice(-count).map((e) => e.action) } : saved;
}
