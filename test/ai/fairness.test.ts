/**
 * Fairness: two games that differ only in what the deciding seat cannot see (another player's hand, the
 * order and content of the draw piles, the letters and Kiosk tiles, the PRNG and Kairo's neutral stall bag)
 * give the same decision for the same seed and budget. Kairo's coins behind the screens are not among them:
 * every coin is taken and paid in the open, so the seat's view counts them (and a game with other coins is
 * a game the seat can tell apart).
 */
import { describe, expect, it } from 'vitest';
import { decideWithStats, toSeatView, type GamePolicy } from '../../src/engine/ai/index.js';
import type { AnyGameDefinition, Seat } from '../../src/engine/index.js';
import type { IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoState } from '../../src/games/kairo/index.js';
import { setupFor } from '../bench/ai-match.js';
import { SMALL, reachState } from './games.js';

function decisions(def: AnyGameDefinition, policy: GamePolicy<unknown, unknown, unknown>, a: unknown, b: unknown, seat: Seat) {
  const viewA = def.view(a, seat);
  const viewB = def.view(b, seat);
  // The seat sees the same table in both games...
  expect(viewB).toEqual(viewA);
  // ...though the games differ.
  expect(JSON.stringify(b)).not.toBe(JSON.stringify(a));
  const legal = def.legalActions(a, seat) as readonly unknown[];
  expect(def.legalActions(b, seat)).toEqual(legal);
  const first = decideWithStats(policy, toSeatView(viewA, policy.viewRules), legal, SMALL, 'fair');
  const second = decideWithStats(policy, toSeatView(viewB, policy.viewRules), legal, SMALL, 'fair');
  return { first, second };
}

describe('the same view gives the same decision', () => {
  it("Istanbul: another player's bonus cards and the deck order", () => {
    const { def, state, seat } = reachState('istanbul', 3, 'fair-istanbul', 40, (s, seat) =>
      (s as IstanbulState).players.some((p) => p.seat !== seat && p.hand.length > 0),
    );
    const a = state as IstanbulState;
    const other = a.players.find((p) => p.seat !== seat && p.hand.length > 0) as IstanbulState['players'][number];
    const swapAt = a.deck.findIndex((c) => c !== other.hand[0]);
    const deck = a.deck.slice().reverse();
    const hand = other.hand.slice();
    const reversedIndex = deck.length - 1 - swapAt;
    [hand[0], deck[reversedIndex]] = [deck[reversedIndex] as (typeof hand)[number], hand[0] as (typeof hand)[number]];
    const b: IstanbulState = { ...a, deck, players: a.players.map((p) => (p.seat === other.seat ? { ...p, hand } : p)) };
    const policy = setupFor('istanbul', 3).policy;
    const { first, second } = decisions(def, policy, a, b, seat);
    expect(second.index).toBe(first.index);
    expect(second.stats).toEqual(first.stats);
  });

  it('Istanbul with Letters & Seals: the letter pile, the Kiosk tiles and the PRNG', () => {
    const { def, state, seat } = reachState('istanbul-ls', 4, 'fair-ls', 60);
    const a = state as IstanbulState;
    const ls = a.ls as NonNullable<IstanbulState['ls']>;
    const b: IstanbulState = {
      ...a,
      rng: { s: [1, 2, 3, 4] },
      deck: a.deck.slice().reverse(),
      ls: { ...ls, letterDeck: ls.letterDeck.slice().reverse(), kioskDeck: ls.kioskDeck.slice().reverse() },
    };
    const { first, second } = decisions(def, setupFor('istanbul-ls', 4).policy, a, b, seat);
    expect(second.index).toBe(first.index);
    expect(second.stats).toEqual(first.stats);
  });

  it("Kairo: another player's cards, the deck order, the neutral bag and the PRNG", () => {
    const { def, state, seat } = reachState('kairo', 2, 'fair-kairo', 12, (s) => (s as KairoState).phase === 'setup' || (s as KairoState).phase === 'play');
    const a = state as KairoState;
    const otherSeat = (seat + 1) % 2;
    const other = a.players[otherSeat] as KairoState['players'][number];
    const deck = a.deck.slice();
    const hand = other.hand.slice();
    const j = deck.findIndex((c) => c !== hand[0]);
    [hand[0], deck[j]] = [deck[j] as (typeof hand)[number], hand[0] as (typeof hand)[number]];
    const b: KairoState = {
      ...a,
      rng: { s: [1, 2, 3, 4] },
      deck: deck.reverse(),
      neutralBag: a.neutralBag.slice().reverse(),
      players: a.players.map((p, i) => (i === otherSeat ? { ...p, hand: hand.sort() } : p)),
    };
    const { first, second } = decisions(def, setupFor('kairo', 2).policy, a, b, seat);
    expect(second.index).toBe(first.index);
    expect(second.stats).toEqual(first.stats);
  });
});
