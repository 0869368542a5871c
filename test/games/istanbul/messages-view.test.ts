/** Every action and event has an English description; the views show what the table sees. */
import { describe, expect, it } from 'vitest';
import { templateArgs } from '../../i18n/template-args.js';
import { describe as describeText, seedRng, type Message, type Seat } from '../../../src/engine/index.js';
import { formatIstanbulMessage, istanbul, localiseIstanbulParams } from '../../../src/games/istanbul/index.js';
import { istanbulEn } from '../../../src/games/istanbul/messages.en.js';
import { build, placeAssistant, player } from './builders.js';
import { biasedPolicy } from './policy.js';

/** The template's arguments (ICU: plain, plural or select). */
const placeholders = (template: string): string[] => [...templateArgs(template, 'en').keys()];
/** The parameters the catalogue sees: the engine's, localised and with the derived lists and counts. */
const given = (m: Message): Readonly<Record<string, unknown>> => localiseIstanbulParams(istanbul.messages, m, 'en').params ?? {};

describe('istanbul messages', () => {
  it('every action and event met in 20 games has a catalogue entry whose placeholders are all given', () => {
    const actionKeys = new Set<string>();
    const eventKeys = new Set<string>();
    for (let g = 0; g < 20; g++) {
      let s = istanbul.setup({ players: 2 + (g % 4), layout: 'random', neutralAssistants: g % 2 === 0 && g % 4 !== 3 }, `msg-${g}`);
      const rng = seedRng(`msg-${g}`);
      while (!istanbul.isOver(s)) {
        const seat = istanbul.activeSeats(s)[0] as Seat;
        const legal = istanbul.legalActions(s, seat);
        for (const a of legal) {
          const m = istanbul.describeAction(a);
          const template = istanbulEn[m.key];
          expect(template, m.key).toBeDefined();
          for (const name of placeholders(template as string)) expect(given(m)[name], `${m.key} {${name}}`).toBeDefined();
          actionKeys.add(m.key);
        }
        const r = istanbul.apply(s, biasedPolicy(s, seat, legal, rng), seat);
        for (const e of r.events) {
          const template = istanbulEn[e.key];
          expect(template, e.key).toBeDefined();
          for (const name of placeholders(template as string)) expect(given(e)[name], `${e.key} {${name}}`).toBeDefined();
          eventKeys.add(e.key);
        }
        s = r.state;
      }
    }
    expect(actionKeys.size).toBeGreaterThan(40);
    expect(eventKeys.size).toBeGreaterThan(40);
  });

  it('formats with localised names', () => {
    expect(describeText(istanbul, { type: 'move', to: 13 }, 'en')).toBe('Move to 13');
    expect(formatIstanbulMessage(istanbul.messages, istanbul.describeAction({ type: 'move', to: 13 }), 'en')).toBe(
      "Move to Sultan's Palace",
    );
    expect(
      formatIstanbulMessage(
        istanbul.messages,
        { key: 'istanbul.event.familyCaptured', params: { player: 0, other: 2, place: 6, reward: 'lira' } },
        'en',
        (seat) => ['Ann', 'Bob', 'Cem'][seat] as string,
      ),
    ).toBe("Ann captures Cem's family member at Caravansary and takes 3 lira");
  });

  it('a card drawn is named only to its owner', () => {
    const s = build();
    player(s, 0).merchant = 6;
    s.pending = [{ k: 'action', seat: 0, place: 6, family: false }];
    const r = istanbul.apply(s, { type: 'caravansaryDraw', from: 'deck' }, 0);
    const named = r.events.filter((e) => e.params?.card !== undefined);
    expect(named).toHaveLength(1);
    expect(named[0]?.visibleTo).toEqual([0]);
  });
});

describe('istanbul views', () => {
  it('the public view: places in grid order with their state, figures, players, no hand', () => {
    const s = build({ players: 2 });
    placeAssistant(s, 1, 3);
    player(s, 0).hand = ['stay'];
    s.deck.splice(s.deck.indexOf('stay'), 1);
    const v = istanbul.view(s, null);
    expect(v.grid).toEqual({ width: 4, height: 4 });
    expect(v.places.map((p) => p.id)).toEqual(s.cells);
    expect(v.places[2]).toMatchObject({ id: 3, row: 0, col: 2, assistants: [{ owner: 1, count: 1 }], detail: { kind: 'warehouse', good: 'green' } });
    expect(v.figures.merchants[0]).toEqual({ seat: 0, colour: 'red', place: 7, stack: [0, 0, 0, 0] });
    expect(v.figures.neutralMerchants).toEqual([
      { index: 0, colour: 'green', place: 14 },
      { index: 1, colour: 'yellow', place: 15 },
      { index: 2, colour: 'white', place: 16 },
    ]);
    expect(v.figures.familyMembers).toEqual([
      { seat: 0, colour: 'red', place: 12 },
      { seat: 1, colour: 'blue', place: 12 },
    ]);
    expect(v.players[0]).toMatchObject({ bonusCards: 1, capacity: 2, turnOrder: 0, isStartPlayer: true });
    expect(v.players[1]?.assistants).toEqual({ inStack: 3, neutralInStack: 0, onPlaces: [3], inSupply: 1 });
    expect(v.decision).toEqual({ seat: 0, kind: 'move', place: null, dice: null, announced: null });
    expect(v.deckCount).toBe(25);
    expect('hand' in v).toBe(false);
    const market = v.places.find((p) => p.id === 11)?.detail;
    expect(market?.kind === 'market' && market.demand.goods).toBeDefined();
    const mine = istanbul.view(s, 0);
    expect('hand' in mine && mine.hand).toEqual(['stay']);
    const theirs = istanbul.view(s, 1);
    expect('hand' in theirs && theirs.hand).toEqual([]);
  });
});
