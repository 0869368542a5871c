/**
 * Boards are cached by the identity of a state's stalls and customers. A move's draft owns its copies and
 * may change them in place more than once (a stall completed, then the next placement), so a board
 * derived in between must be forgotten before the next change, or the changed arrays would get the old
 * board back (and with it wrong spots and legal placements).
 */
import { describe, expect, it } from 'vitest';
import { forgetBoards, occupancy } from '../../../src/games/kairo/rules/board.js';
import type { KairoStall } from '../../../src/games/kairo/types.js';
import { F, scenario } from './helpers.js';

describe('Kairo boards cached by the stalls they were derived from', () => {
  it('a stall added in place after forgetBoards covers its field on the board derived next', () => {
    const s = scenario();
    const before = occupancy(s);
    expect(before.tile[F('E5')]).toBe(-1);
    forgetBoards(s);
    (s.stalls as KairoStall[]).push({ owner: 0, colour: 'red', main: F('E5'), entrance: F('E4'), ext: [] });
    const after = occupancy(s);
    expect(after.tile[F('E5')]).toBe(s.stalls.length - 1);
    expect(after.entrance[F('E4')]).toBe(s.stalls.length - 1);
  });

  it('an unchanged state gets the same board again (the cache is what makes the search fast)', () => {
    const s = scenario();
    expect(occupancy(s)).toBe(occupancy(s));
  });
});
