/**
 * What a handler needs of the game it is about, loaded once and refused in one place. A handler declares
 * its need (component.ts, command.ts); the game is found (by the custom_id, or as the command means it),
 * checked in the order below, and the handler is handed exactly what its need gives, typed by it. Anything
 * that does not fit is answered with its refusal, privately, and the handler does not run.
 */
import type { Interaction } from 'discord.js';
import type { ActiveSnapshot, Result, SeatRow, Snapshot } from '../../app/game-service.js';
import type { Seat } from '../../engine/index.js';
import type { HandlerEnv } from '../context.js';
import { answerPrivately, refusalText } from '../respond.js';

/** What each need hands over. */
export interface Given {
  /** The game, and the caller's seat in it if they hold one. */
  readonly game: { readonly game: Snapshot; readonly seat: SeatRow | undefined };
  /** A lobby or a running game, not an ended one (refused: no_game). */
  readonly open: { readonly game: Snapshot; readonly seat: SeatRow | undefined };
  /** A started game (running or ended) in which the caller holds a seat (not_active, not_a_player). */
  readonly player: Held;
  /** A started game whose panel shows the caller's own seat (not_active, foreign_panel). */
  readonly ownPanel: Held;
  /**
   * A running game in which the caller holds a seat that is still theirs (not_active, not_a_player;
   * removed_by_vote before a seat the rules took out of the game, which is not_a_player again).
   */
  readonly ownSeat: Held;
  /** A running game whose panel shows the caller's own seat, and that seat decides now (not_active, foreign_panel, not_your_turn). */
  readonly turn: Held;
}

export type Need = keyof Given;

/** The needs about a panel: only for a click that names the panel's seat. */
export type PanelNeed = 'ownPanel' | 'turn';

/** A started game and the caller's seat in it. */
interface Held {
  readonly game: ActiveSnapshot;
  readonly seat: SeatRow;
}

/** Who clicked or asked, and on a panel the seat that panel shows. */
export interface Caller {
  readonly userId: string;
  readonly panelSeat?: Seat;
}

type Check<N extends Need> = (env: HandlerEnv, game: Snapshot, caller: Caller) => Result<Given[N]>;

/** A game with a state (running or ended): a lobby is not_active. */
function started(game: Snapshot): game is ActiveSnapshot {
  return game.kind === 'active';
}

/** A started game still being played. */
function running(game: Snapshot): game is ActiveSnapshot {
  return game.kind === 'active' && game.row.status === 'active';
}

/** The caller's seat where it is the panel's (foreign_panel otherwise). */
function panelOwner(env: HandlerEnv, game: ActiveSnapshot, caller: Caller): Result<Held> {
  const owner = caller.panelSeat;
  // The declarations allow a panel's need only on a click that names the panel's seat.
  if (owner === undefined) throw new Error('a panel\'s need on a click that names no seat');
  const seat = env.ctx.service.seatOf(game, caller.userId);
  if (seat === undefined || seat.seat !== owner) return { ok: false, code: 'foreign_panel', owner };
  return { ok: true, game, seat };
}

const CHECKS: { readonly [N in Need]: Check<N> } = {
  game: (env, game, caller) => ({ ok: true, game, seat: env.ctx.service.seatOf(game, caller.userId) }),
  open: (env, game, caller) => (game.row.status === 'lobby' || game.row.status === 'active' ? { ok: true, game, seat: env.ctx.service.seatOf(game, caller.userId) } : { ok: false, code: 'no_game' }),
  player(env, game, caller) {
    if (!started(game)) return { ok: false, code: 'not_active' };
    const seat = env.ctx.service.seatOf(game, caller.userId);
    return seat === undefined ? { ok: false, code: 'not_a_player' } : { ok: true, game, seat };
  },
  ownPanel: (env, game, caller) => (started(game) ? panelOwner(env, game, caller) : { ok: false, code: 'not_active' }),
  ownSeat(env, game, caller) {
    if (!running(game)) return { ok: false, code: 'not_active' };
    const seat = env.ctx.service.seatOf(game, caller.userId);
    if (seat === undefined) return { ok: false, code: 'not_a_player' };
    // Removed by the others' vote: a computer plays the seat to the end, and it is not theirs to take back.
    if (seat.removedAt !== null) return { ok: false, code: 'removed_by_vote' };
    // Taken out of the game by the rules: nobody plays the seat.
    if (seat.leftAt !== null && seat.computer === null) return { ok: false, code: 'not_a_player' };
    return { ok: true, game, seat };
  },
  turn(env, game, caller) {
    if (!running(game)) return { ok: false, code: 'not_active' };
    const owned = panelOwner(env, game, caller);
    if (!owned.ok) return owned;
    const deciding = env.ctx.service.activeSeats(game);
    return deciding.includes(owned.seat.seat) ? owned : { ok: false, code: 'not_your_turn', waitingFor: deciding };
  },
};

/** Whether the loaded `game` meets `need` for `caller`: what it gives, or its refusal (for a handler that answers a refusal its own way). */
export function checkNeed<N extends Need>(need: N, env: HandlerEnv, game: Snapshot, caller: Caller): Result<Given[N]> {
  return CHECKS[need](env, game, caller);
}

/**
 * What `need` gives of the loaded game `loaded`, or undefined when the caller was answered with the
 * refusal (the loading's own, or the need's; a turn refused names who decides now).
 */
export async function fulfil<N extends Need>(env: HandlerEnv, interaction: Interaction, need: N, loaded: Result<{ game: Snapshot }>, caller: Caller): Promise<Given[N] | undefined> {
  if (!loaded.ok) {
    await answerPrivately(interaction, refusalText(env.ctx, loaded, env.locale));
    return undefined;
  }
  const given = CHECKS[need](env, loaded.game, caller);
  if (given.ok) return given;
  await answerPrivately(interaction, refusalText(env.ctx, given, env.locale, loaded.game));
  return undefined;
}
