/**
 * Every message of every catalogue, in every locale, rendered the way the bot renders it (the bot's own
 * words through `t`, a game's words through its presenter, the board's words through the renderer's
 * `label`), with sample parameters derived from the message's own placeholders: every select branch and
 * plural case. Nothing may show a key, a placeholder, "undefined", "NaN" or an empty text.
 */
import { describe, expect, it } from 'vitest';
import { compileTemplate, LOCALES, type Catalogues, type Locale, type MessageParam } from '../../src/engine/index.js';
import { core, t, type CoreKey } from '../../src/discord/i18n/index.js';
import { GAMES } from '../../src/games/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import type { GamePresenter } from '../../src/games/contract.js';
import { istanbul } from '../../src/games/istanbul/index.js';
import { LS_LABELS, lsLabel, type LsLabel } from '../../src/games/istanbul/render/expansion/labels.js';
import { ISTANBUL_LABELS, label as istanbulLabel, type LabelKey as IstanbulLabelKey } from '../../src/games/istanbul/render/i18n.js';
import { KAIRO_LABELS, label as kairoLabel, type LabelKey as KairoLabelKey } from '../../src/games/kairo/render/i18n.js';
import { build, player } from '../games/istanbul/builders.js';
import { expectReadable } from './readable.js';
import { sampleParams } from './template-args.js';

const NAMES = ['Ada', 'Bo', 'Cyd', 'Dee', 'Eli'];

/** Parameters whose values the bot passes as text (names, mentions, lists, formatted parts). */
const CORE_SAMPLES: Record<string, MessageParam> = {
  permissions: 'Send Messages, Attach Files',
  bot: 'bazaar',
  kind: 'chess',
  value: 'huge',
  game: 'Istanbul',
  status: 'lobby',
  players: '<@1>, <@2>',
  player: '<@1>',
  host: '<@1>',
  user: '<@2>',
  field: 'reminder_hours',
  reason: 'bad state',
  ref: 'abc123',
  layout: 'Short paths',
  variant: 'Base game',
  expansion: 'Letters & Seals',
  events: 'Ada moves to the Fountain',
  summary: '3 rubies',
  prompt: 'Move your merchant',
  group: 'Move to…',
  settings: 'reminders every 12 hours',
  when: 'in 2 hours',
  games: 'Istanbul, Kairo',
};

function presenter(kind: string): GamePresenter {
  const found = GAMES.presenters(inProcessBoardRenderer(GAMES)).get(kind);
  if (found === undefined) throw new Error(kind);
  return found;
}

describe('every catalogue message renders readably in en, de and nl', () => {
  it('every template is valid ICU MessageFormat', () => {
    const all: [string, Catalogues][] = [
      ['core', core],
      ...GAMES.plugins.map((game): [string, Catalogues] => [`${game.id} engine`, game.module.definition.messages]),
      ...[...GAMES.presenters(inProcessBoardRenderer(GAMES)).values()].map((p): [string, Catalogues] => [`${p.kind} presenter`, p.messages]),
    ];
    for (const [name, catalogues] of all) {
      for (const locale of LOCALES) {
        for (const [key, template] of Object.entries(catalogues[locale] ?? {})) {
          expect(() => compileTemplate(template, locale), `${name} ${locale} ${key}`).not.toThrow();
        }
      }
    }
  });

  it("the bot's own words (t)", () => {
    for (const locale of LOCALES) {
      for (const key of Object.keys(core.en) as CoreKey[]) {
        for (const params of sampleParams(core[locale][key], locale, CORE_SAMPLES)) {
          expectReadable(t(locale, key, params), `core ${locale} ${key} ${JSON.stringify(params)}`);
        }
      }
    }
  });

  it("the board pictures' labels (renderers)", () => {
    const samples = { n: 2, name: 'Ada', who: 'Ada', coins: 7, points: 2, colour: 'red', field: 'C2', cards: '4, 7' };
    for (const locale of LOCALES) {
      for (const key of Object.keys(ISTANBUL_LABELS.en) as IstanbulLabelKey[]) {
        for (const params of sampleParams(ISTANBUL_LABELS[locale][key], locale, samples)) expectReadable(istanbulLabel(key, locale, params), `istanbul label ${locale} ${key}`);
      }
      for (const key of Object.keys(KAIRO_LABELS.en) as KairoLabelKey[]) {
        for (const params of sampleParams(KAIRO_LABELS[locale][key], locale, samples)) expectReadable(kairoLabel(key, locale, params), `kairo label ${locale} ${key}`);
      }
      for (const key of Object.keys(LS_LABELS.en) as LsLabel[]) {
        for (const params of sampleParams(LS_LABELS[locale][key], locale, samples)) expectReadable(lsLabel(key, locale, params), `letters & seals label ${locale} ${key}`);
      }
    }
  });
});

describe('plurals and selects', () => {
  it('counts agree with their nouns in every language', () => {
    const ist = presenter('istanbul');
    const standing = (locale: Locale, rubies: number, cards: number): string =>
      ist.format({ key: 'istanbul.standing', params: { rubies, lira: 12, goods: 1, cards } }, locale, NAMES);
    expect(standing('en', 1, 1)).toBe('1 ruby, 12 lira, 1 good, 1 bonus card');
    expect(standing('en', 5, 0)).toBe('5 rubies, 12 lira, 1 good, 0 bonus cards');
    expect(standing('de', 1, 1)).toBe('1 Rubin, 12 Lira, 1 Ware, 1 Bonuskarte');
    expect(standing('de', 5, 2)).toBe('5 Rubine, 12 Lira, 1 Ware, 2 Bonuskarten');
    expect(standing('nl', 1, 1)).toBe('1 robijn, 12 lira, 1 handelswaar, 1 bonuskaart');
    expect(standing('nl', 5, 2)).toBe('5 robijnen, 12 lira, 1 handelswaar, 2 bonuskaarten');
    expect(t('en', 'vote.repeat', { player: '<@1>', hours: 1, needed: 1 })).toBe('<@1> has still not decided, for 1 hour now. The vote stays open; 1 vote decides.');
    expect(t('en', 'vote.repeat', { player: '<@1>', hours: 53, needed: 2 })).toBe('<@1> has still not decided, for 53 hours now. The vote stays open; 2 votes decide.');
  });

  it('a sale names only the goods sold; an empty list is never a dash', () => {
    const ist = presenter('istanbul');
    const sell = istanbul.describeAction({ type: 'sell', goods: { red: 0, green: 1, yellow: 0, blue: 0 }, anyGoods: false });
    expect(ist.format(sell, 'en', NAMES)).toBe('Sell 1 green');
    const two = istanbul.describeAction({ type: 'sell', goods: { red: 2, green: 0, yellow: 1, blue: 0 }, anyGoods: false });
    expect(ist.format(two, 'en', NAMES)).toBe('Sell 2 red and 1 yellow');
    expect(ist.format(two, 'de', NAMES)).toBe('2 Rot und 1 Gelb verkaufen');
    expect(ist.format(two, 'nl', NAMES)).toBe('2 rood en 1 geel verkopen');
    expect(ist.format({ key: 'istanbul.event.kioskGain', params: { player: 0, goods: '', lira: 1 } }, 'en', NAMES)).toBe('Ada takes 1 lira');
    expect(ist.format({ key: 'istanbul.event.kioskGain', params: { player: 0, goods: 'yellow,yellow', lira: 0 } }, 'en', NAMES)).toBe('Ada takes 2 yellow (fruit)');
    expect(ist.format({ key: 'istanbul.event.kioskGain', params: { player: 0, goods: 'red', lira: 1 } }, 'nl', NAMES)).toBe('Ada neemt 1 rood (zijde) en 1 lira');
  });
});

describe('the Istanbul hand', () => {
  it('names the mosque tiles by colour, or "none", in every language', () => {
    const ist = presenter('istanbul');
    const s = build({ players: 3 });
    player(s, 0).mosqueTiles = ['red', 'yellow'];
    const hand = (seat: number, locale: Locale): string => ist.hand(istanbul.view(s, seat), seat, locale, NAMES);
    expect(hand(0, 'en')).toContain('mosque tiles: red and yellow');
    expect(hand(0, 'de')).toContain('Moscheeplättchen: Rot und Gelb');
    expect(hand(0, 'nl')).toContain('moskeetegels: rood en geel');
    expect(hand(1, 'en')).toContain('mosque tiles: none');
    expect(hand(1, 'de')).toContain('Moscheeplättchen: keine');
    for (const locale of LOCALES) for (const seat of [0, 1]) expectReadable(hand(seat, locale), `hand ${seat} ${locale}`);
  });
});
