/**
 * Use all public information: the determinizers sample only what the seat really cannot
 * know. Kairo's coins lie behind screens, but every coin is taken and paid in the open, so the views count
 * them and a sample gives every player exactly those coins; an Istanbul card taken face up from the
 * discard pile stays known to be in that hand until a card of its kind leaves it, and a sample keeps it there.
 */
import { describe, expect, it } from 'vitest';
import { randomInt, seedRng, type GameEvent, type Seat } from '../../src/engine/index.js';
import { COLOURS, JOKER_COIN_COST, START_COINS_PER_COLOUR, type Colour } from '../../src/games/kairo/data/board.js';
import { kairo } from '../../src/games/kairo/index.js';
import { kairoDeterminizer } from '../../src/games/kairo/ai/index.js';
import type { Coins, KairoState } from '../../src/games/kairo/types.js';
import type { KairoSeatView } from '../../src/games/kairo/view/types.js';
import { istanbul, type IstanbulAction, type IstanbulState } from '../../src/games/istanbul/index.js';
import { istanbulDeterminizer } from '../../src/games/istanbul/ai/index.js';
import type { IstanbulSeatView } from '../../src/games/istanbul/view/types.js';
import { setupFor } from '../bench/ai-match.js';

/** Counts a multiset: kind -> how many. */
function tally<T>(items: readonly T[]): Map<T, number> {
  const out = new Map<T, number>();
  for (const item of items) out.set(item, (out.get(item) ?? 0) + 1);
  return out;
}
function containsAll<T>(hand: readonly T[], known: readonly T[]): boolean {
  const have = tally(hand);
  for (const [kind, n] of tally(known)) if ((have.get(kind) ?? 0) < n) return false;
  return true;
}

describe('Kairo: the coins behind the screens are counted, not sampled', () => {
  it.each([2, 3, 4])('the views count every player exactly from the open events, and samples give those coins (%i players)', (players) => {
    const { options } = setupFor('kairo', players);
    let state = kairo.setup(options as Parameters<typeof kairo.setup>[0], `coins-${players}`);
    const rng = seedRng(`coins:${players}`);
    // The count of a player at the table: the start money, then only what the public events say.
    const counted: Coins[] = state.players.map(() => Object.fromEntries(COLOURS.map((c) => [c, START_COINS_PER_COLOUR])) as Coins);
    const colourOf = (key: string, kind: string): Colour | null => (key.startsWith(`kairo.event.${kind}.`) ? (key.slice(`kairo.event.${kind}.`.length) as Colour) : null);
    const count = (events: readonly GameEvent[]): void => {
      for (const e of events) {
        if (e.seat === undefined) continue;
        const coins = counted[e.seat] as Coins;
        const income = colourOf(e.key, 'income');
        const joker = colourOf(e.key, 'jokerCoin');
        const pay = colourOf(e.key, 'pay');
        if (income !== null || joker !== null || pay !== null) expect(e.visibleTo).toBeUndefined();
        if (income !== null) coins[income] += Number(e.params?.coins);
        if (joker !== null) coins[joker] -= JOKER_COIN_COST;
        if (pay !== null) coins[pay] -= Number(e.params?.count);
      }
    };
    let checked = 0;
    for (let step = 0; step < 3000 && !kairo.isOver(state); step++) {
      const seat = kairo.activeSeats(state)[0] as Seat;
      // Between turns (an extension's payment is announced when it is complete) the count is exact.
      if ((state as KairoState).pending.k === 'turn') {
        for (let viewer = 0; viewer < players; viewer++) {
          const view = kairo.view(state, viewer) as KairoSeatView;
          expect(view.bookkeeping?.countedCoins).toEqual(counted);
          if (step % 5 === 0) {
            const sample = kairoDeterminizer(view);
            for (let k = 0; k < 5; k++) {
              const s = sample(seedRng(`coins:${players}:${step}:${viewer}:${k}`));
              expect(s.players.map((p) => p.coins)).toEqual(state.players.map((p) => p.coins));
            }
            checked++;
          }
        }
      }
      const legal = kairo.legalActions(state, seat);
      const result = kairo.apply(state, legal[randomInt(rng, legal.length)] as (typeof legal)[number], seat);
      count(result.events);
      state = result.state;
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe('Istanbul: cards taken face up from the discard pile stay in that hand', () => {
  it.each([
    ['istanbul', 3],
    ['istanbul-ls', 4],
  ] as const)('%s with %i players: the engine tracks them and every sample keeps them in the right hand', (variant, players) => {
    const { options } = setupFor(variant, players);
    let state = istanbul.setup(options as Parameters<typeof istanbul.setup>[0], `open-${variant}`);
    const rng = seedRng(`open:${variant}`);
    let checked = 0;
    let taken = 0;
    for (let step = 0; step < 4000 && !istanbul.isOver(state); step++) {
      const s = state as IstanbulState;
      // Whatever is tracked is in the hand.
      for (const p of s.players) expect(containsAll(p.hand, p.openCards ?? [])).toBe(true);
      const known = s.players.filter((p) => (p.openCards?.length ?? 0) > 0);
      if (known.length > 0 && step % 2 === 0) {
        for (let viewer = 0; viewer < players; viewer++) {
          const view = istanbul.view(s, viewer) as IstanbulSeatView;
          const sample = istanbulDeterminizer(view);
          for (let k = 0; k < 6; k++) {
            const d = sample(seedRng(`open:${step}:${viewer}:${k}`));
            for (const p of known) {
              const hand = (d.players[p.seat] as IstanbulState['players'][number]).hand;
              expect(containsAll(hand, p.openCards ?? [])).toBe(true);
              expect(hand.length).toBe(p.hand.length);
            }
          }
        }
        checked++;
      }
      const seat = istanbul.activeSeats(state)[0] as Seat;
      const legal = istanbul.legalActions(state, seat);
      // Take from the discard pile whenever it is offered, so that it happens often.
      const fromDiscard = legal.find((a: IstanbulAction) => a.type === 'caravansaryDraw' && a.from === 'discard');
      if (fromDiscard !== undefined) taken++;
      state = istanbul.apply(state, fromDiscard ?? (legal[randomInt(rng, legal.length)] as IstanbulAction), seat).state;
    }
    expect(taken).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(5);
  });
});
