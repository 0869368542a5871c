/** Letters & Seals: every action and event has words in en/de/nl; uniform random play ends; apply stays pure. */
import { describe, expect, it } from 'vitest';
import { templateArgs } from '../../../i18n/template-args.js';
import { copyRng, seedRng, type Message, type Seat } from '../../../../src/engine/index.js';
import { formatIstanbulMessage, istanbul, localiseIstanbulParams, type IstanbulOptions } from '../../../../src/games/istanbul/index.js';
import { istanbulDe } from '../../../../src/games/istanbul/messages.de.js';
import { istanbulEn } from '../../../../src/games/istanbul/messages.en.js';
import { istanbulNl } from '../../../../src/games/istanbul/messages.nl.js';
import { uniformPolicy } from '../../../harness/playout.js';
import { expansionPolicy } from './policy.js';

/** The template's arguments (ICU: plain, plural or select). */
const placeholders = (template: string): string[] => [...templateArgs(template, 'en').keys()];
/** A place's form with its article and case ("{toTo}": "zur Großen Moschee") stands for the place ("{to}"). */
const placeParam = (name: string): string => name.replace(/^(place|from|to)(At|To|From|The)$/, '$1').replace(/^placesFrom$/, 'places');
/** The parameters the catalogue sees: the engine's, localised and with the derived lists and counts. */
const given = (m: Message): Readonly<Record<string, unknown>> => localiseIstanbulParams(istanbul.messages, m, 'en').params ?? {};
const options = (g: number): IstanbulOptions => ({
  players: 2 + (g % 4),
  layout: g % 2 === 0 ? 'random' : 'starter',
  neutralAssistants: g % 4 === 1,
  lettersAndSeals: { cards: g % 3 === 0 ? 'newOnly' : 'mixed' },
});

describe('Letters & Seals messages', () => {
  it('every action and event met in 12 games has an English entry with all placeholders given, and German and Dutch ones', () => {
    const keysSeen = new Set<string>();
    for (let g = 0; g < 12; g++) {
      let s = istanbul.setup(options(g), `ls-msg-${g}`);
      const rng = seedRng(`ls-msg-${g}`);
      while (!istanbul.isOver(s)) {
        const seat = istanbul.activeSeats(s)[0] as Seat;
        const legal = istanbul.legalActions(s, seat);
        for (const a of legal) {
          const m = istanbul.describeAction(a);
          const template = istanbulEn[m.key];
          expect(template, m.key).toBeDefined();
          for (const name of placeholders(template as string)) expect(given(m)[name], `${m.key} {${name}}`).toBeDefined();
          keysSeen.add(m.key);
        }
        const r = istanbul.apply(s, expansionPolicy(s, seat, legal, rng), seat);
        for (const e of r.events) {
          const template = istanbulEn[e.key];
          expect(template, e.key).toBeDefined();
          for (const name of placeholders(template as string)) expect(given(e)[name], `${e.key} {${name}}`).toBeDefined();
          keysSeen.add(e.key);
        }
        s = r.state;
      }
    }
    for (const key of ['istanbul.action.kioskTileCarry', 'istanbul.action.auctionBid', 'istanbul.event.letterDelivered', 'istanbul.event.companionMoved']) {
      expect(keysSeen.has(key), key).toBe(true);
    }
  });

  it('German and Dutch have every key of the English catalogue, with the same placeholders', () => {
    for (const [name, cat] of [
      ['de', istanbulDe],
      ['nl', istanbulNl],
    ] as const) {
      for (const [key, template] of Object.entries(istanbulEn)) {
        expect(cat[key], `${name} ${key}`).toBeDefined();
        expect(placeholders(cat[key] as string).map(placeParam).sort(), `${name} ${key}`).toEqual(placeholders(template).map(placeParam).sort());
      }
    }
  });

  it('localises places, kiosk tiles, cards and the carried-out card of "Top card of the discard pile"', () => {
    const text = (a: Parameters<typeof istanbul.describeAction>[0], locale: 'en' | 'de' | 'nl' = 'en') =>
      formatIstanbulMessage(istanbul.messages, istanbul.describeAction(a), locale);
    expect(text({ type: 'moveCompanion', to: 24 })).toBe('Move your companion to Secret Society');
    expect(text({ type: 'kioskTile', tile: 16, carry: true })).toBe('Kiosk tile "10 lira for an extension": take it and carry it out');
    expect(text({ type: 'secretSociety', ruby: 16 }, 'de')).toBe('Briefe (6 Siegel) für den nächsten Rubin vom Edelsteinhändler abgeben');
    expect(text({ type: 'viaDiscard', action: { type: 'moveFar', to: 21 } })).toBe(
      'From the discard pile: Play "Move 3 or 4 steps": move to Embassy',
    );
    expect(text({ type: 'courier', letter: 'delivered' }, 'nl')).toBe('De koerier gebruiken: een bezorgde brief inleveren, 1 brief nemen');
    expect(text({ type: 'kioskEffect', tile: 19, option: 1, good: 'blue', letter: 5, card: null })).toBe(
      'Give the letter for Post Office, take 1 blue (jewelry)',
    );
  });
});

describe('Letters & Seals playouts: uniform play, purity, checkpoints', () => {
  it('uniformly random play also completes (3 and 5 players, one game each)', () => {
    for (const n of [3, 5]) {
      const s = istanbul.setup({ players: n, layout: 'random', neutralAssistants: false, lettersAndSeals: { cards: 'mixed' } }, `ls-uni-${n}`);
      const rng = seedRng(`ls-uni-${n}`);
      let state = s;
      for (let i = 0; i < 60_000 && !istanbul.isOver(state); i++) {
        const seat = istanbul.activeSeats(state)[0] as Seat;
        state = istanbul.apply(state, uniformPolicy(state, seat, istanbul.legalActions(state, seat), rng), seat).state;
      }
      expect(istanbul.isOver(state)).toBe(true);
    }
  }, 180_000);

  it('apply never mutates its input; random reveals and hand-overs (kiosk choices, bids) are checkpoints', () => {
    for (let g = 0; g < 6; g++) {
      let state = istanbul.setup(options(g), `ls-mut-${g}`);
      const rng = copyRng({ s: [g + 7, 2, 3, 4] });
      for (let i = 0; i < 3000 && !istanbul.isOver(state); i++) {
        const seat = istanbul.activeSeats(state)[0] as Seat;
        const action = expansionPolicy(state, seat, istanbul.legalActions(state, seat), rng);
        const before = JSON.stringify(state);
        const result = istanbul.apply(deepFreeze(state), action, seat);
        expect(JSON.stringify(state)).toBe(before);
        const rngMoved = JSON.stringify(result.state.rng) !== JSON.stringify(state.rng);
        const handOver = istanbul.activeSeats(result.state)[0] !== seat;
        const drew =
          result.state.deck.length < state.deck.length ||
          (result.state.ls?.letterDeck.length ?? 0) < (state.ls?.letterDeck.length ?? 0) ||
          (result.state.ls?.kioskDeck.length ?? 0) < (state.ls?.kioskDeck.length ?? 0);
        if (rngMoved || handOver || drew) expect(result.checkpoint, `${action.type}`).toBe(true);
        state = result.state;
      }
    }
  });
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}
