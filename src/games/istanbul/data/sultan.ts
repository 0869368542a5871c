/** Sultan's Palace 13: a track of 10 goods fields, then the ruby field. */
import type { Good } from '../types.js';

export type SultanSlot = Good | 'any';

export const SULTAN_TRACK: readonly SultanSlot[] = [
  'blue', 'red', 'green', 'yellow', 'any', 'blue', 'red', 'green', 'yellow', 'any',
];

/** Rubies and the first ruby's cost (number of uncovered fields) by player count. */
export function sultanSetup(players: number): { rubies: number; firstCost: number } {
  return players >= 4 ? { rubies: 7, firstCost: 4 } : { rubies: 6, firstCost: 5 };
}

/** The slots the next ruby costs, given how many rubies were taken. */
export function sultanCost(players: number, taken: number): readonly SultanSlot[] {
  return SULTAN_TRACK.slice(0, sultanSetup(players).firstCost + taken);
}
