/**
 * Board layouts. A layout is a grid of width x height cells, each holding one place id, row by row from the
 * top-left. The grid size is a parameter: the base game is 4x4, the expansion 5x4.
 */
import { randomInt, shuffle, type RngState } from '../../../engine/index.js';
import type { PlaceId } from '../types.js';

export interface Layout {
  readonly width: number;
  readonly height: number;
  /** cells[row * width + col] = place id. */
  readonly cells: readonly PlaceId[];
}

/** Rows from the top, left to right, as the rulebook shows them. */
export const SHORT_PATHS: Layout = {
  width: 4,
  height: 4,
  cells: [15, 5, 2, 14, 4, 12, 7, 3, 8, 6, 11, 9, 13, 10, 1, 16],
};

export const LONG_PATHS: Layout = {
  width: 4,
  height: 4,
  cells: [16, 2, 8, 11, 15, 7, 6, 4, 3, 5, 12, 1, 10, 9, 14, 13],
};

export const IN_ORDER: Layout = {
  width: 4,
  height: 4,
  cells: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
};

/** Letters & Seals, the first-game 5x4 layout (docs/rules-decisions.md: the printed one is a picture only). */
export const STARTER: Layout = {
  width: 5,
  height: 4,
  cells: [16, 15, 22, 3, 10, 8, 1, 7, 21, 4, 2, 23, 6, 12, 9, 24, 11, 5, 14, 13],
};

export interface RandomLayoutRules {
  readonly width: number;
  readonly height: number;
  /** The place ids to lay out; their number must be width * height. */
  readonly places: readonly PlaceId[];
  /** This place must lie on an inner cell (not on the border). */
  readonly innerPlace: PlaceId;
  /** These two places must be at least `minDistance` orthogonal steps apart. */
  readonly apart: readonly [PlaceId, PlaceId];
  readonly minDistance: number;
  /** The expansion also forbids the two "apart" places from sharing a row or a column. */
  readonly apartNotInLine: boolean;
}

export const BASE_RANDOM_RULES: RandomLayoutRules = {
  width: 4,
  height: 4,
  places: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
  innerPlace: 7,
  apart: [8, 9],
  minDistance: 3,
  apartNotInLine: false,
};

/** Letters & Seals: 20 places in 5x4; the Fountain on one of the 6 inner places; 8 and 9 at least 3 apart, not in one row or column. */
export const EXPANSION_RANDOM_RULES: RandomLayoutRules = {
  width: 5,
  height: 4,
  places: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 21, 22, 23, 24],
  innerPlace: 7,
  apart: [8, 9],
  minDistance: 3,
  apartNotInLine: true,
};

export function distanceBetweenCells(width: number, a: number, b: number): number {
  return Math.abs((a % width) - (b % width)) + Math.abs(Math.floor(a / width) - Math.floor(b / width));
}

export function innerCells(width: number, height: number): number[] {
  const cells: number[] = [];
  for (let row = 1; row < height - 1; row++) for (let col = 1; col < width - 1; col++) cells.push(row * width + col);
  return cells;
}

/** Whether a layout satisfies the random-layout rules (also holds for the printed layouts). */
export function satisfiesRandomRules(layout: Layout, rules: RandomLayoutRules): boolean {
  const { width, height } = layout;
  const inner = layout.cells.indexOf(rules.innerPlace);
  if (inner < 0 || !innerCells(width, height).includes(inner)) return false;
  const a = layout.cells.indexOf(rules.apart[0]);
  const b = layout.cells.indexOf(rules.apart[1]);
  if (a < 0 || b < 0 || distanceBetweenCells(width, a, b) < rules.minDistance) return false;
  if (rules.apartNotInLine && (a % width === b % width || Math.floor(a / width) === Math.floor(b / width))) return false;
  return true;
}

/**
 * A random layout: the inner place on a random inner cell, the other places shuffled onto the rest, repeated
 * until the "apart" rule holds (rejection sampling; every draw comes from the seeded PRNG).
 */
export function randomLayout(rng: RngState, rules: RandomLayoutRules): Layout {
  const { width, height } = rules;
  if (rules.places.length !== width * height) {
    throw new RangeError(`a ${width}x${height} grid needs ${width * height} places, got ${rules.places.length}`);
  }
  const inner = innerCells(width, height);
  if (inner.length === 0) throw new RangeError(`a ${width}x${height} grid has no inner cell`);
  const others = rules.places.filter((p) => p !== rules.innerPlace);
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const innerCell = inner[randomInt(rng, inner.length)] as number;
    const rest = shuffle(rng, others);
    const cells: PlaceId[] = [];
    let k = 0;
    for (let cell = 0; cell < width * height; cell++) cells.push(cell === innerCell ? rules.innerPlace : (rest[k++] as PlaceId));
    const layout: Layout = { width, height, cells };
    if (satisfiesRandomRules(layout, rules)) return layout;
  }
  throw new RangeError('no random layout satisfies the rules');
}
