/**
 * Seats a computer plays: which must decide now and at which level (a computer's move and a seat taken
 * back are in stand-ins.ts).
 */
import type { Seat } from '../../engine/index.js';
import type { SeatRow } from '../../persistence/schema.js';
import { turnMarkerOf } from '../module.js';
import { clockChoice, dueTurnSeats } from '../time-bank.js';
import type { GameCore } from './core.js';
import { activeSeats } from './queries.js';
import { isComputerPlayed, isComputerSeatId, parseLevel, type Level } from './seat-identity.js';
import { storedBanks } from './time-bank.js';
import type { ActiveSnapshot, Snapshot } from './types.js';

/**
 * The seats a computer plays that decide now (computer seats and seats handed to a computer), whether or
 * not the game waits at them for their owner (see `seatsWaitingForOwner`).
 */
export function computerSeatsToPlay(game: ActiveSnapshot): Seat[] {
  if (game.row.status !== 'active') return [];
  const computers = new Set(game.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
  return activeSeats(game).filter((seat) => computers.has(seat));
}

/** A human plays their own seat now: not a computer's seat, not left, no computer standing in for them. */
function playsOwnSeat(seat: SeatRow): boolean {
  return !isComputerSeatId(seat.userId) && !isComputerPlayed(seat);
}

/**
 * The deciding seats the game waits at for their owners. A game is not played to its end by computers
 * alone: where no human plays their own seat any more (each is stood in for: their bank ran out, or the
 * idle vote handed the seat over), the computers play up to the next decision of a seat stood in for, and
 * there the game waits until a player takes their seat back. A stand-in still plays the turn that was due
 * when its seat's bank ran out (the table is not stuck on it). A seat whose player left is played to the end.
 */
export async function seatsWaitingForOwner(core: GameCore, game: ActiveSnapshot): Promise<Seat[]> {
  const standIns = computerSeatsToPlay(game).filter((seat) => {
    const row = game.seats.find((s) => s.seat === seat);
    return row !== undefined && !isComputerSeatId(row.userId) && row.leftAt === null;
  });
  if (standIns.length === 0 || game.seats.some((s) => playsOwnSeat(s))) return [];
  const banks = clockChoice(game.settings.clock) === null ? undefined : await storedBanks(core, game.row.id);
  const due = dueTurnSeats(banks, turnMarkerOf(game.module, game.state));
  return standIns.filter((seat) => !due.includes(seat));
}

/** The seats a computer must decide for now: those it plays, but where the game waits for their owner. */
export async function computerSeatsOwed(core: GameCore, game: ActiveSnapshot): Promise<Seat[]> {
  const seats = computerSeatsToPlay(game);
  if (seats.length === 0) return seats;
  const waiting = await seatsWaitingForOwner(core, game);
  return seats.filter((seat) => !waiting.includes(seat));
}

/** The level of the computer that plays `seat` (the game's level for a seat taken over without one). */
export function computerLevelOf(game: Snapshot, seat: Seat): Level {
  const row = game.seats.find((s) => s.seat === seat);
  return parseLevel(row?.computer ?? game.row.computerLevel);
}
