/** Who sits in a seat: a human (a Discord user id) or a computer player (`computer:<n>`) at a level. */
import type { SeatRow } from '../../persistence/schema.js';

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
