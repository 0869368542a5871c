/**
 * Message formatting on the hot path of every panel: the labels of every legal action and the events of
 * a turn, through the Istanbul presenter (parameters localised, then the ICU template formatted), for
 * states sampled from a seeded game, in en, de and nl. "cached" is the bot's path (templates compiled
 * once per locale); "compiled per call" compiles every template afresh, which is what the cache saves.
 */
import { bench, describe } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { GAMES } from '../../src/games/index.js';
import { LOCALES, seedRng, type Message, type Seat } from '../../src/engine/index.js';
import { istanbul, localiseIstanbulParams, type IstanbulState } from '../../src/games/istanbul/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { biasedPolicy } from '../games/istanbul/policy.js';

const presenter = GAMES.presenters(inProcessBoardRenderer(GAMES)).get('istanbul')!;
const NAMES = ['Ada', 'Bo', 'Cyd', 'Dee'];
const catalogues = { en: { ...istanbul.messages.en, ...presenter.messages.en }, de: { ...istanbul.messages.de, ...presenter.messages.de }, nl: { ...istanbul.messages.nl, ...presenter.messages.nl } };

/** Every panel of a seeded 4-player game: the messages one panel formats (labels and the last events). */
const panels: Message[][] = [];
{
  let s: IstanbulState = istanbul.setup({ players: 4, layout: 'random', neutralAssistants: false }, 'bench-i18n');
  const rng = seedRng('bench-i18n');
  let events: Message[] = [];
  while (!istanbul.isOver(s)) {
    const seat = istanbul.activeSeats(s)[0] as Seat;
    const legal = istanbul.legalActions(s, seat);
    panels.push([...legal.map((a) => istanbul.describeAction(a)), ...events]);
    const r = istanbul.apply(s, biasedPolicy(s, seat, legal, rng), seat);
    events = [...r.events];
    s = r.state;
  }
}
const messages = panels.reduce((n, p) => n + p.length, 0);
console.log(`i18n format bench: ${panels.length} panels, ${messages} messages (labels and events), x3 locales per iteration`);

describe('formatting every panel of a game of Istanbul (en, de, nl)', () => {
  bench('cached (the bot: presenter.format)', () => {
    for (const locale of LOCALES) for (const panel of panels) for (const m of panel) presenter.format(m, locale, NAMES);
  });

  bench('compiled per call (no cache)', () => {
    for (const locale of LOCALES) {
      for (const panel of panels) {
        for (const m of panel) {
          const localised = localiseIstanbulParams(catalogues, m, locale, (seat) => NAMES[seat] ?? '');
          new IntlMessageFormat(catalogues[locale][m.key] ?? m.key, locale, undefined, { ignoreTag: true }).format(localised.params ?? {});
        }
      }
    }
  });
});
