import { describe, expect, it } from 'vitest';
import { occupancy } from '../../../src/games/kairo/rules/board.js';
import { leadTargets } from '../../../src/games/kairo/rules/lead-targets.js';
import type { KairoState } from '../../../src/games/kairo/types.js';
import { F, keys, play, scenario, type ScenarioSpec, type StallSpec } from './helpers.js';

// The green customer on G5. Green entrances: G7 (2 steps, seat 0), J5 (3 steps, seat 1), D5 (3 steps, seat 2).
const X: StallSpec = { owner: 0, colour: 'green', main: 'G8', entrance: 'G7' };
const Y: StallSpec = { owner: 1, colour: 'green', main: 'K5', entrance: 'J5' };
const Z: StallSpec = { owner: 2, colour: 'green', main: 'C5', entrance: 'D5' };
const W: StallSpec = { owner: 1, colour: 'green', main: 'L1', entrance: 'K1' }; // far: 4 + 4 = 8 steps
const customers = { violet: 'B1', red: 'M1', yellow: 'B9', green: 'G5', blue: 'M9', orange: null } as const;

function s(spec: Partial<ScenarioSpec> & { stalls: StallSpec[] }): KairoState {
  return scenario({ players: 3, customers, ...spec });
}
function targets(state: KairoState, colour: 'green' = 'green') {
  return leadTargets(state, occupancy(state), colour).map((t) => ({ field: t.field, distance: t.distance, criers: t.criers }));
}

describe('leading a customer: where it goes', () => {
  it('goes to the nearest free entrance of its colour', () => {
    const state = s({ stalls: [X, Y, Z] });
    expect(targets(state)).toEqual([
      { field: F('G7'), distance: 2, criers: 0 },
      { field: F('D5'), distance: 3, criers: 1 },
      { field: F('J5'), distance: 3, criers: 1 },
    ]);
    // No crier cards: only G7, so the target is taken at once.
    const r = play(state, { t: 'lead', colour: 'green' });
    expect(r.state.customers.green).toBeNull();
    expect(r.state.customers.orange).toBe(F('G7'));
  });

  it('lets the player choose among equally near entrances', () => {
    const state = s({ stalls: [Y, Z] });
    const r = play(state, { t: 'lead', colour: 'green' });
    expect(keys(r.state)).toEqual([`target:${F('D5')}`, `target:${F('J5')}`]);
    const done = play(r.state, { t: 'target', field: F('J5') });
    expect(done.state.customers.orange).toBe(F('J5'));
  });

  it('each crier card skips one nearer free entrance and goes back to the supply', () => {
    const state = s({ stalls: [X, Y, Z, W], criers: [1] });
    const r = play(state, { t: 'lead', colour: 'green' });
    // 1 crier: G7 (free) or one of the two at distance 3; K1 would need 3 criers.
    expect(keys(r.state)).toEqual([`target:${F('G7')}`, `target:${F('D5')}`, `target:${F('J5')}`]);
    const done = play(r.state, { t: 'target', field: F('D5') });
    expect(done.state.players[0]?.criers).toBe(0);
    expect(done.state.criers).toBe(7);
    expect(targets(state).find((t) => t.field === F('K1'))).toEqual({ field: F('K1'), distance: 8, criers: 3 });
    const rich = play(s({ stalls: [X, Y, Z, W], criers: [3] }), { t: 'lead', colour: 'green' }, { t: 'target', field: F('K1') });
    expect(rich.state.players[0]?.criers).toBe(0);
    expect(rich.state.customers.orange).toBe(F('K1'));
  });

  it('a crier card is not spent when going to the nearest entrance', () => {
    const state = s({ stalls: [X, Y], criers: [2] });
    const r = play(state, { t: 'lead', colour: 'green' }, { t: 'target', field: F('G7') });
    expect(r.state.players[0]?.criers).toBe(2);
  });

  it('an entrance with a customer on it is not free: it is neither a target nor skipped', () => {
    const state = s({ stalls: [X, Y, Z], customers: { ...customers, violet: 'G7' } });
    expect(targets(state).map((t) => t.field)).toEqual([F('D5'), F('J5')]);
    expect(targets(state).map((t) => t.criers)).toEqual([0, 0]);
  });

  it('walks around stall tiles: the shortest path counts, not the straight line', () => {
    // A wall of stall tiles from G6 to G8... the red stall H6 with extensions G6, F6 blocks the way south.
    const wall: StallSpec = { owner: 2, colour: 'red', main: 'G6', entrance: 'H6', ext: ['F6', 'E6', 'D6'] };
    const state = s({ stalls: [X, wall] });
    // G5 -> H5 -> H6 (an entrance may be crossed) -> H7 -> G7: 4 steps instead of 2.
    expect(targets(state)).toEqual([{ field: F('G7'), distance: 4, criers: 0 }]);
  });

  it('never walks through the restaurant', () => {
    // Column B from B5 to B7 and column C are walled by a blue stall; the restaurant column A would be
    // the short way (6 steps) from B4 to the green entrance B8; the market way round is 8.
    const blue: StallSpec = { owner: 1, colour: 'blue', main: 'C6', entrance: 'D6', ext: ['C5', 'B5', 'B6', 'B7', 'C7'] };
    const green: StallSpec = { owner: 2, colour: 'green', main: 'B9', entrance: 'B8' };
    const state = s({ stalls: [blue, green], customers: { ...customers, green: 'B4', yellow: 'M8' } });
    expect(targets(state)).toEqual([{ field: F('B8'), distance: 8, criers: 0 }]);
  });

  it('a customer without a free reachable entrance of its colour cannot be led', () => {
    const state = s({ stalls: [X], customers: { ...customers, violet: 'G7' } });
    expect(keys(state)).not.toContain('lead:green');
    expect(keys(state)).not.toContain('lead:red');
  });

  it('only the 5 customers on the board can be led', () => {
    const state = s({ stalls: [X, { owner: 1, colour: 'orange', main: 'J2', entrance: 'J3' }] });
    expect(keys(state)).toContain('lead:green');
    expect(keys(state)).not.toContain('lead:orange');
  });
});

describe('leading a customer: swap and income', () => {
  it('the led customer leaves the board and the waiting customer takes its place at the entrance', () => {
    const state = s({ stalls: [X] });
    const r = play(state, { t: 'lead', colour: 'green' });
    expect(r.state.customers).toMatchObject({ green: null, orange: F('G7') });
    expect(r.events.map((e) => e.key)).toEqual(['kairo.event.lead.green', 'kairo.event.swap.orange', 'kairo.event.income.green']);
  });

  it('own stall: 1 coin of its colour per tile (rulebook: size 2 gives 2 green)', () => {
    const state = s({ stalls: [{ ...X, ext: ['F8'] }], coins: [{ green: 1 }] });
    const r = play(state, { t: 'lead', colour: 'green' });
    expect(r.state.players[0]?.coins.green).toBe(3);
  });

  it("another's stall: the owner 1 coin per tile, the active player 1 (rulebook: owner 2 green, active 1)", () => {
    const state = s({ stalls: [{ ...Y, ext: ['L5'] }], coins: [{}, { green: 1 }] });
    const r = play(state, { t: 'lead', colour: 'green' }).state;
    expect(r.customers.orange).toBe(F('J5'));
    expect(r.players[0]?.coins.green).toBe(1);
    expect(r.players[1]?.coins.green).toBe(3);
    expect(r.players[2]?.coins.green).toBe(0);
  });

  it('a neutral stall (2 players): the active player gets 1 coin of its colour', () => {
    const state = scenario({
      players: 2,
      customers,
      stalls: [{ owner: 'neutral', colour: 'green', main: 'G8', entrance: 'G7' }],
    });
    const r = play(state, { t: 'lead', colour: 'green' }).state;
    expect(r.players[0]?.coins.green).toBe(1);
    expect(r.players[1]?.coins.green).toBe(0);
  });

  it('the turn passes on after leading', () => {
    const r = play(s({ stalls: [X] }), { t: 'lead', colour: 'green' });
    expect(r.state.seat).toBe(1);
    expect(r.checkpoint).toBe(true);
  });
});
