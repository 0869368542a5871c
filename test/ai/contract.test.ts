/**
 * The contract: decide takes a seat's view and nothing more (refused by the type and at run time), returns
 * a member of the legal actions, and gives the same action for the same seed.
 */
import { describe, expect, it } from 'vitest';
import { NotASeatViewError, decide, decideWithStats, toSeatView } from '../../src/engine/ai/index.js';
import { istanbul, type IstanbulAction, type IstanbulState } from '../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../src/games/istanbul/ai/index.js';
import { kairoPolicy } from '../../src/games/kairo/ai/index.js';
import { SMALL, reachState } from './games.js';

describe('decide sees only the seat view', () => {
  const { state, seat } = reachState('istanbul', 3, 'contract', 30);
  const s = state as IstanbulState;
  const legal = istanbul.legalActions(s, seat);

  it('refuses the full state by its type', () => {
    const attempt = (): IstanbulAction =>
      // @ts-expect-error a game state is not a SeatView: only toSeatView makes one
      decide(istanbulPolicy, s, legal, SMALL, 'x');
    expect(attempt).toThrow(NotASeatViewError);
  });

  it('refuses at run time the full state, the public view, and a view carrying the PRNG or a deck', () => {
    expect(() => toSeatView(s, istanbulPolicy.viewRules)).toThrow(NotASeatViewError);
    // Even named after a seat, the state has fields no seat view declares (its options, PRNG, deck, hands).
    expect(() => toSeatView({ ...s, seat }, istanbulPolicy.viewRules)).toThrow(/is not a field of the seat view/);
    expect(() => toSeatView(istanbul.view(s, null), istanbulPolicy.viewRules)).toThrow(/names no seat/);
    const view = istanbul.view(s, seat);
    expect(() => toSeatView({ ...view, rng: s.rng }, istanbulPolicy.viewRules)).toThrow(/view\.rng is not a field/);
    expect(() => toSeatView({ ...view, bookkeeping: { ...view.bookkeeping, deck: s.deck } }, istanbulPolicy.viewRules)).toThrow(/view\.bookkeeping\.deck is not a field/);
    const players = view.players.map((p) => ({ ...p, hand: ['take5Lira'] }));
    expect(() => toSeatView({ ...view, players }, istanbulPolicy.viewRules)).toThrow(/view\.players\[0\]\.hand is not a field/);
    // Cast past the type: decide checks again.
    expect(() => decide(istanbulPolicy, s as never, legal, SMALL, 'x')).toThrow(NotASeatViewError);
  });

  it("refuses a Kairo view carrying another seat's coins or the neutral bag", () => {
    const k = reachState('kairo', 2, 'contract-k', 40);
    const view = k.def.view(k.state, k.seat) as Record<string, unknown> & { players: Record<string, unknown>[] };
    expect(() => toSeatView(view, kairoPolicy.viewRules)).not.toThrow();
    const players = view.players.map((p) => ({ ...p, coins: { red: 3 } }));
    expect(() => toSeatView({ ...view, players }, kairoPolicy.viewRules)).toThrow(/view\.players\[0\]\.coins is not a field/);
    expect(() => toSeatView({ ...view, neutralBag: ['red'] }, kairoPolicy.viewRules)).toThrow(/view\.neutralBag is not a field/);
    expect(() => toSeatView(k.state, kairoPolicy.viewRules)).toThrow(NotASeatViewError);
  });

  it('returns a member of the legal actions, the same one for the same seed', () => {
    const view = toSeatView(istanbul.view(s, seat), istanbulPolicy.viewRules);
    const first = decideWithStats(istanbulPolicy, view, legal, SMALL, 'seed-1');
    const again = decideWithStats(istanbulPolicy, view, legal, SMALL, 'seed-1');
    expect(legal).toContain(first.action);
    expect(again.index).toBe(first.index);
    expect(again.stats).toEqual(first.stats);
    expect(first.iterations).toBe(SMALL.iterations);
  });
});
