import { describe, expect, it } from 'vitest';
import { F, keys, play, scenario, type StallSpec } from './helpers.js';

/** Red main stall B1 (entrance C1) boxed in by a blue stall whose extension B2 takes its last free neighbour. */
const stuckRed: StallSpec = { owner: 0, colour: 'red', main: 'B1', entrance: 'C1' };
const blueWall: StallSpec = { owner: 1, colour: 'blue', main: 'B4', entrance: 'C4', ext: ['B3', 'B2'] };
const board = { customers: { violet: 'H8' } } as const;

describe('c) relocating a main stall', () => {
  it('is offered for a main stall without extension that can no longer be extended', () => {
    const s = scenario({ ...board, stalls: [stuckRed, blueWall], hands: [['s5']] });
    expect(keys(s)).toContain('build:relocate:red');
    expect(keys(s)).not.toContain('build:extend:red');
  });

  it('moves the stall under all rules of a new main stall, in the card\'s section; coins are not needed', () => {
    const s = scenario({ ...board, stalls: [stuckRed, blueWall], hands: [['s5']], coins: [{}] });
    const r = play(s, { t: 'build', kind: 'relocate', colour: 'red' });
    expect(r.state.pending).toMatchObject({ k: 'build', mode: 'relocate', step: 'field', section: 5 });
    const done = play(r.state, { t: 'field', field: F('G4') }, { t: 'entrance', dir: 'n' });
    expect(done.state.stalls[0]).toEqual({ owner: 0, colour: 'red', main: F('G4'), entrance: F('G3'), ext: [] });
    expect(done.state.stalls.length).toBe(2);
    expect(done.events.map((e) => e.key)).toContain('kairo.event.relocate.red');
    expect(done.state.discard).toEqual(['s5']);
  });

  it('is not offered while the stall can still be extended, even without coins or cards for it', () => {
    const s = scenario({ ...board, stalls: [stuckRed, { ...blueWall, ext: ['B3'] }], hands: [['s5']], coins: [{}] });
    expect(keys(s)).not.toContain('build:relocate:red');
  });

  it('is not offered for a stall that has an extension', () => {
    const s = scenario({
      ...board,
      stalls: [{ ...stuckRed, ext: ['B2'] }, { owner: 1, colour: 'blue', main: 'D2', entrance: 'D3', ext: ['C2', 'C3', 'B3'] }],
      hands: [['s5']],
      coins: [{ red: 9 }],
    });
    // Red (B1 + B2) is boxed in by C1 (its entrance), C2 and B3 (blue): stuck, but it has an extension.
    expect(keys(s)).not.toContain('build:extend:red');
    expect(keys(s)).not.toContain('build:relocate:red');
  });

  it('the stall may not stay where it is, and the freed fields become available', () => {
    // Section 1 card: the relocated stall may use the fields it left (B1/C1), but not the same position.
    const s = scenario({ ...board, stalls: [stuckRed, blueWall], hands: [['s1']] });
    const r = play(s, { t: 'build', kind: 'relocate', colour: 'red' });
    const fields = keys(r.state);
    expect(fields).toContain(`field:${F('C1')}`);
    // B1 is still boxed in: its only entrance side is C1, its old position, which is no relocation.
    expect(fields).not.toContain(`field:${F('B1')}`);
    const c1 = play(r.state, { t: 'field', field: F('C1') });
    // C1: east D1 and south C2 are fine; west B1 is free now but an entrance there could not be reached
    // (B2 is blue's extension and C1 the stall itself).
    expect(keys(c1.state)).toEqual(['entrance:e', 'entrance:s']);
  });

  it('the rulebook example: a new violet stall takes away the green stall\'s last extension space; from then on it may move', () => {
    const s = scenario({
      stalls: [
        { owner: 1, colour: 'green', main: 'B7', entrance: 'C7' },
        { owner: 2, colour: 'blue', main: 'B9', entrance: 'B8' },
      ],
      hands: [['s4'], ['s6']],
      customers: { green: 'H8' },
    });
    const before = { ...s, seat: 1 };
    expect(keys(before)).not.toContain('build:relocate:green');
    // Player 1 (seat 0) builds the violet main stall on A6 with its entrance on B6.
    const r = play(s, { t: 'build', kind: 'stall', colour: 'violet' }, { t: 'field', field: F('A6') });
    expect(r.state.stalls[2]).toMatchObject({ colour: 'violet', main: F('A6'), entrance: F('B6') });
    expect(r.state.seat).toBe(1);
    expect(keys(r.state)).toContain('build:relocate:green');
  });
});
