/**
 * Post Office 5: four columns, each with a top and a bottom field; a marker covers one of them.
 * Markers start on the top row; k = markers already moved down (from the left).
 */
import type { Good } from '../types.js';

export interface PostField {
  readonly good: Good | null;
  readonly lira: number;
}

/** Per column I..IV: [top, bottom]. */
export const POST_FIELDS: readonly (readonly [PostField, PostField])[] = [
  [{ good: 'red', lira: 0 }, { good: 'green', lira: 0 }],
  [{ good: null, lira: 2 }, { good: null, lira: 1 }],
  [{ good: 'blue', lira: 0 }, { good: 'yellow', lira: 0 }],
  [{ good: null, lira: 2 }, { good: null, lira: 1 }],
];

export const POST_STATES = 5;

/** What the action pays with k markers down: column i shows its top field when its marker is down (i < k). */
export function postPayout(k: number): { lira: number; goods: Good[] } {
  let lira = 0;
  const goods: Good[] = [];
  POST_FIELDS.forEach((column, i) => {
    const field = i < k ? column[0] : column[1];
    lira += field.lira;
    if (field.good !== null) goods.push(field.good);
  });
  return { lira, goods };
}

/** The marker move after the action: the leftmost top marker moves down; when all are down, all go back up. */
export function nextPostState(k: number): number {
  return k >= POST_STATES - 1 ? 0 : k + 1;
}
