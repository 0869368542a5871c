/** Who sits in a seat: a human (a Discord user id) or a computer player (`computer:<n>`) at a level; who made a move. */
import type { SeatRow } from '../../persistence/schema.js';
import type { EffectiveEntry } from '../log.js';
import type { SummaryEvent } from '../outbox.js';

const SNOWFLAKE = /^[0-9]{1,20}$/;
const COMPUTER_ID = /^computer:[1-9][0-9]{0,2}$/;

export const COMPUTER_LEVELS = ['easy', 'normal', 'hard'] as const;
export type Level = (typeof COMPUTER_LEVELS)[number];

export function parseLevel(raw: string | null | undefined): Level {
  return (COMPUTER_LEVELS as readonly string[]).includes(raw ?? '') ? (raw as Level) : 'normal';
}

/** A seat added as a computer player (not a human's seat). */
export function isComputerSeatId(userId: string): boolean {
  return COMPUTER_ID.test(userId);
}

/** A computer player's name, from its id ("computer:2" is "Bot 2"): the name its seat was given in the lobby. */
export function computerName(userId: string): string {
  return `Bot ${userId.slice('computer:'.length)}`;
}

/** Whether a computer decides for this seat: a computer seat, or a human's seat handed over or left. */
export function isComputerPlayed(seat: SeatRow): boolean {
  return seat.computer !== null || seat.leftAt !== null;
}

/** A human at the table who plays their own seat now (not a computer seat, not left, no computer standing in). */
export function isPresentHuman(seat: Pick<SeatRow, 'userId' | 'computer' | 'leftAt'>): boolean {
  return !isComputerSeatId(seat.userId) && seat.computer === null && seat.leftAt === null;
}

/**
 * What `leaving` seats leaving does to the table (the rules notes, "At the table"): the game ends when the
 * seats still at the table are fewer than it needs (`minPlayers`, at least two), or when none of them is a
 * present human (computers do not play on alone). It is won by concession only by the one seat left at the
 * table when its own human plays it: never by a computer, whether a computer seat or one standing in for
 * an absent human. `winner` is null when the game does not end, or ends without a winner.
 */
export function concessionOf(seats: readonly SeatRow[], leaving: readonly number[], minPlayers: number): { ends: boolean; winner: number | null } {
  const remaining = seats.filter((s) => s.leftAt === null && !leaving.includes(s.seat));
  const present = remaining.filter((s) => isPresentHuman(s));
  const ends = remaining.length < Math.max(2, minPlayers) || present.length === 0;
  const winner = ends && remaining.length === 1 && present.length === 1 ? (present[0] as SeatRow).seat : null;
  return { ends, winner };
}

/** Why the seats of a game cannot be right, or null. */
export function checkSeats(seats: readonly SeatRow[]): string | null {
  for (const [index, seat] of seats.entries()) {
    if (seat.seat !== index) return `the seats are not numbered 0..${seats.length - 1}`;
    const computerSeat = typeof seat.userId === 'string' && COMPUTER_ID.test(seat.userId) && seat.computer !== null;
    if (typeof seat.userId !== 'string' || (!SNOWFLAKE.test(seat.userId) && !computerSeat)) return `seat ${index} has no valid user id`;
    if (seat.computer !== null && !(COMPUTER_LEVELS as readonly string[]).includes(seat.computer)) return `seat ${index} has an unknown computer level`;
    if (typeof seat.displayName !== 'string') return `seat ${index} has no name`;
  }
  return null;
}

/**
 * The events of these moves as a turn's summary tells them: an event of the seat that moved (or of no
 * seat) is marked when a computer made the move for it; an event about another seat (whose turn begins,
 * say) is not marked, since that seat's player did nothing.
 */
export function movesAsTold(entries: readonly EffectiveEntry[]): SummaryEvent[] {
  return entries.flatMap((e) => (e.computer === true ? e.events.map((ev): SummaryEvent => (ev.seat === undefined || ev.seat === e.seat ? { ...ev, byComputer: true } : ev)) : e.events));
}
