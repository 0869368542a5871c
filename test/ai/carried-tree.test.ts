/**
 * A seat's consecutive decisions share their search: when the view after a choice is
 * certain (the same seat decides next, no chance met, nothing hidden revealed), the search hands the
 * chosen action's subtree on, and the seat's next decision goes on from it instead of from nothing. Only
 * for exactly the view it was grown for; a choice that meets chance hands nothing on.
 */
import { describe, expect, it } from 'vitest';
import { decideWithStats, toSeatView, type Decision } from '../../src/engine/ai/index.js';
import { randomInt, seedRng, type Seat } from '../../src/engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulState } from '../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../src/games/istanbul/ai/index.js';
import { atAction, build } from '../games/istanbul/builders.js';

const budget = { ...istanbulPolicy.budgets.normal, iterations: 300 };

function decideAt(state: IstanbulState, seat: Seat, seed: string, carry?: Decision<IstanbulAction>['carry']): Decision<IstanbulAction> {
  const view = toSeatView(istanbul.view(state, seat), istanbulPolicy.viewRules);
  return decideWithStats(istanbulPolicy, view, istanbul.legalActions(state, seat), budget, seed, carry);
}

/** A 2-player game played at random until the seat to act has a choice whose search hands its tree on. */
function withCarry(): { state: IstanbulState; seat: Seat; first: Decision<IstanbulAction> } {
  let state = istanbul.setup({ players: 2, layout: 'random', neutralAssistants: false, expansion: null } as never, 'carry-game');
  const rng = seedRng('carry-walk');
  for (let step = 0; step < 400; step++) {
    const seat = istanbul.activeSeats(state)[0] as Seat;
    const legal = istanbul.legalActions(state, seat);
    if (step >= 6 && legal.length > 2) {
      const first = decideAt(state, seat, `first-${step}`);
      if (first.carry !== undefined) return { state, seat, first };
    }
    state = istanbul.apply(state, legal[randomInt(rng, legal.length)] as IstanbulAction, seat).state;
  }
  throw new Error('no decision handed its tree on');
}

describe("a seat's next decision goes on from the previous search", () => {
  const { state, seat, first } = withCarry();
  const carry = first.carry!;
  const after = istanbul.apply(state, first.action, seat).state;

  it('the choice leads to a decision of the same seat, and the tree below it is handed on', () => {
    expect(istanbul.activeSeats(after)[0]).toBe(seat);
    expect(carry.seat).toBe(seat);
    // The chosen action's node: its visits are what the next search starts with.
    expect(carry.tree[0]).toBe(istanbulPolicy.rules.actionKey(first.action));
    expect(carry.tree[4]).toBeGreaterThan(0);
  });

  it('the next decision starts with those visits and runs only the rest of its budget', () => {
    const next = decideAt(after, seat, 'second', carry);
    expect(next.carriedVisits).toBe(carry.tree[4]);
    expect(next.iterations + (next.carriedVisits ?? 0)).toBeLessThanOrEqual(budget.iterations);
    expect(istanbul.legalActions(after, seat).map((a) => istanbulPolicy.rules.actionKey(a))).toContain(istanbulPolicy.rules.actionKey(next.action));
    // Deterministic: the same view, seed and carry give the same search.
    const again = decideAt(after, seat, 'second', carry);
    expect(again.index).toBe(next.index);
    expect(again.stats).toEqual(next.stats);
  });

  it('a tree grown for another view is not used: the search is the fresh one', () => {
    const legal = istanbul.legalActions(state, seat);
    const other = legal.find((a) => istanbulPolicy.rules.actionKey(a) !== istanbulPolicy.rules.actionKey(first.action)) as IstanbulAction;
    const elsewhere = istanbul.apply(state, other, seat).state;
    const actor = istanbul.activeSeats(elsewhere)[0] as Seat;
    const offered = decideAt(elsewhere, actor, 'third', carry);
    const fresh = decideAt(elsewhere, actor, 'third');
    expect(offered.carriedVisits).toBeUndefined();
    expect(offered.stats).toEqual(fresh.stats);
    expect(offered.index).toBe(fresh.index);
  });
});

describe('a tree grown to convert a safe lead (soonerWin) holds scaled values', () => {
  const converting = { ...budget, soonerWin: { unfinished: 0.9, discount: 0.95 } };
  const { state, seat } = withCarry();

  it('it is handed on marked, goes on in a search with soonerWin and not in a plain one', () => {
    const view = toSeatView(istanbul.view(state, seat), istanbulPolicy.viewRules);
    const first = decideWithStats(istanbulPolicy, view, istanbul.legalActions(state, seat), converting, 'convert');
    expect(first.carry?.soonerWin).toBe(true);
    const after = istanbul.apply(state, first.action, seat).state;
    const afterView = toSeatView(istanbul.view(after, seat), istanbulPolicy.viewRules);
    const legal = istanbul.legalActions(after, seat);
    expect(decideWithStats(istanbulPolicy, afterView, legal, converting, 'next', first.carry).carriedVisits).toBe(first.carry!.tree[4]);
    const plain = decideWithStats(istanbulPolicy, afterView, legal, budget, 'next', first.carry);
    expect(plain.carriedVisits).toBeUndefined();
    expect(plain.stats).toEqual(decideWithStats(istanbulPolicy, afterView, legal, budget, 'next').stats);
  });

  it('a plain tree does not go on in a search with soonerWin', () => {
    const { state: s, seat: at, first } = withCarry();
    const after = istanbul.apply(s, first.action, at).state;
    const afterView = toSeatView(istanbul.view(after, at), istanbulPolicy.viewRules);
    expect(decideWithStats(istanbulPolicy, afterView, istanbul.legalActions(after, at), converting, 'next', first.carry).carriedVisits).toBeUndefined();
  });
});

describe('a choice that meets chance hands nothing on', () => {
  it('the Tea House: the announcement is followed by a roll, so the view after it is not known', () => {
    const s = atAction(build(), 0, 9);
    const decision = decideAt(s, 0, 'tea');
    expect(istanbulPolicy.rules.actionKey(decision.action)).toMatch(/^teaHouse:/);
    // The same seat goes on deciding after it: only the dice keep the tree from being handed on.
    expect(istanbul.activeSeats(istanbul.apply(s, decision.action, 0).state)[0]).toBe(0);
    expect(decision.carry).toBeUndefined();
  });
});
