/**
 * A computer standing in at a seat: its move (one decision of a seat it plays), and the owner of a seat
 * handed to a computer taking it back between turns.
 */
import type { Seat } from '../../engine/index.js';
import { commit, save, wire } from './commit.js';
import { computerSeatsOwed, seatsWaitingForOwner } from './computer-seats.js';
import type { GameCore } from './core.js';
import { activeSeats, legalActions, seatOf } from './queries.js';
import { isComputerSeatId } from './seat-identity.js';
import { refuse, type ActiveSnapshot, type Outcome, type Result } from './types.js';

/**
 * A computer's move: the action at `index` of the seat's legal actions at `expectedVersion`. `fallback`:
 * the computer player could not decide and this is the fallback move played for it (the greedy one-ply choice), marked in the log and
 * told to the channel.
 */
export async function computerAct(core: GameCore, gameId: number, seat: Seat, expectedVersion: number, index: number, fallback = false): Promise<Result<{ outcome: Outcome }>> {
  const loaded = await core.active(gameId);
  if (!loaded.ok) return loaded;
  const game = loaded.game;
  if (game.row.version !== expectedVersion) return refuse('stale', { currentVersion: game.row.version });
  if (!(await computerSeatsOwed(core, game)).includes(seat)) return refuse('not_your_turn', { waitingFor: activeSeats(game) });
  const action = legalActions(game, seat)[index];
  if (action === undefined) return refuse('stale', { currentVersion: game.row.version });
  if (!fallback) return commit(core, game, [{ seat, action: wire(action), byComputer: true }], {});
  return commit(core, game, [{ seat, action: wire(action), byComputer: true, fallback: true }], { notes: () => [{ kind: 'computerFallback', seat }] });
}

/**
 * The owner of a seat a computer plays for them takes it back, between turns (not while the computer
 * decides for the seat), or where the game waits for them at their seat's decision: they decide now, on
 * the increment of their bank (time-bank.ts), reminded as at the start of a turn, and the computers play on
 * where the game waited at another seat (the commit's consequences). Nothing moves on the board: the
 * channel is told by a short text.
 */
export async function reclaim(core: GameCore, gameId: number, userId: string): Promise<Result<{ game: ActiveSnapshot; boardDelivery: number | null }>> {
  const loaded = await core.active(gameId);
  if (!loaded.ok) return loaded;
  const game = loaded.game;
  const seat = seatOf(game, userId);
  if (seat === undefined || isComputerSeatId(seat.userId)) return refuse('not_a_player', {});
  // Removed by the others' vote: the seat is no longer theirs to take back.
  if (seat.removedAt !== null) return refuse('removed_by_vote', {});
  // Only a seat a computer plays can be taken back (not one the rules took out of the game).
  if (seat.computer === null) return refuse('not_handed_over', {});
  if (activeSeats(game).includes(seat.seat) && !(await seatsWaitingForOwner(core, game)).includes(seat.seat)) return refuse('reclaim_between_turns', {});
  const saved = await save(core, game, { state: game.state, entries: [], status: 'active', takenBack: [seat.seat], notes: [{ kind: 'reclaimed', seat: seat.seat }] });
  if (!saved.ok) return saved;
  return { ok: true, game: saved.outcome.after, boardDelivery: saved.outcome.boardDelivery };
}
