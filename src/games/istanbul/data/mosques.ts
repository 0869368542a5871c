/** Mosque tiles: 4 colours x thresholds 2..5; the Small Mosque 14 holds red and green, the Great Mosque 15 blue and yellow. */
import type { Good, PlaceId } from '../types.js';

export const MOSQUE_COLOURS: Readonly<Record<number, readonly [Good, Good]>> = {
  14: ['red', 'green'],
  15: ['blue', 'yellow'],
};

export function mosqueOf(colour: Good): PlaceId {
  return colour === 'red' || colour === 'green' ? 14 : 15;
}

/** Thresholds per stack, top first, by player count (3 players: no 5s; 2 players: no 3s and 5s). */
export function mosqueThresholds(players: number): number[] {
  if (players === 2) return [2, 4];
  if (players === 3) return [2, 3, 4];
  return [2, 3, 4, 5];
}

/** Rubies on each mosque: 1 per player, but 4 with 5 players. */
export function mosqueRubies(players: number): number {
  return players === 5 ? 4 : players;
}
