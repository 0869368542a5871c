/** The fuzz's board checker must itself catch broken boards. */
import { describe, expect, it } from 'vitest';
import { boardViolation, scenario, type StallSpec } from './helpers.js';

const ok: StallSpec = { owner: 0, colour: 'red', main: 'E5', entrance: 'E4' };

describe('boardViolation', () => {
  it('accepts a legal board', () => {
    expect(boardViolation(scenario({ stalls: [ok] }))).toBeNull();
  });

  it('catches stacked pieces, wrong areas, detached entrances and extensions', () => {
    expect(boardViolation(scenario({ stalls: [ok, { owner: 1, colour: 'blue', main: 'E5', entrance: 'F5' }] }))).toMatch(/overlaps/);
    expect(boardViolation(scenario({ stalls: [{ owner: 0, colour: 'violet', main: 'E5', entrance: 'E4' }] }))).toMatch(/market/);
    expect(boardViolation(scenario({ stalls: [{ owner: 0, colour: 'red', main: 'E5', entrance: 'E3' }] }))).toMatch(/not next/);
    expect(boardViolation(scenario({ stalls: [{ ...ok, ext: ['G5'] }], customers: { yellow: 'B9' } }))).toMatch(/not attached/);
    expect(boardViolation(scenario({ stalls: [{ owner: 0, colour: 'red', main: 'B7', entrance: 'C7', ext: ['A7'] }], customers: { green: 'H8' } }))).toMatch(/wrong area/);
  });

  it('catches touching main stalls, two main stalls of a colour in a section, joined stalls of a colour', () => {
    expect(boardViolation(scenario({ stalls: [ok, { owner: 1, colour: 'blue', main: 'F5', entrance: 'G5' }], customers: { yellow: 'B9' } }))).toMatch(/touch/);
    expect(boardViolation(scenario({ stalls: [ok, { owner: 1, colour: 'red', main: 'C6', entrance: 'C5' }] }))).toMatch(/two red/);
    expect(
      boardViolation(scenario({ stalls: [{ ...ok, ext: ['F5'] }, { owner: 1, colour: 'red', main: 'H5', entrance: 'H4', ext: ['G5'] }], customers: { yellow: 'B9' } })),
    ).toMatch(/joined/);
  });

  it('catches customers on stall tiles and cut-off entrances', () => {
    expect(boardViolation(scenario({ stalls: [ok], customers: { yellow: 'E5' } }))).toMatch(/customer/);
    expect(
      boardViolation(
        scenario({
          stalls: [
            { owner: 1, colour: 'blue', main: 'B2', entrance: 'B1' },
            { owner: 0, colour: 'red', main: 'D1', entrance: 'D2', ext: ['C1'] },
          ],
          customers: { violet: 'H8' },
        }),
      ),
    ).toMatch(/cut off/);
  });
});
