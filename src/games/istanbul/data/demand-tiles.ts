/** Market demand tiles and payouts, as in the box. */
import type { Goods } from '../types.js';

const tile = (red: number, green: number, yellow: number, blue: number): Goods => ({ red, green, yellow, blue });

/** Small Market 11: the light tiles. */
export const SMALL_MARKET_TILES: readonly Goods[] = [
  tile(1, 3, 1, 0),
  tile(1, 1, 2, 1),
  tile(1, 2, 1, 1),
  tile(1, 2, 2, 0),
  tile(0, 2, 2, 1),
];

/** Great Market 10: the dark tiles. */
export const GREAT_MARKET_TILES: readonly Goods[] = [
  tile(2, 0, 1, 2),
  tile(1, 0, 1, 3),
  tile(2, 1, 0, 2),
  tile(1, 1, 1, 2),
  tile(1, 1, 0, 3),
];

/** Lira for selling 1..5 goods: index n - 1. */
export const SMALL_MARKET_PAYOUT: readonly number[] = [2, 5, 9, 14, 20];
export const GREAT_MARKET_PAYOUT: readonly number[] = [3, 7, 12, 18, 25];

export const MAX_GOODS_SOLD = 5;
