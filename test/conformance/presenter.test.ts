/**
 * What a game says, through its presenter (the Discord side's only door to a game's words): every event of
 * a seeded game, every action taken and the final standings read in every language the bot speaks, with
 * no key, placeholder, "undefined" or "NaN"; the words exist in each language the game is written in; the
 * board's status line, the deciding seat's prompt and its hand read too.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, type Catalogues, type Locale, type Message, type Seat } from '../../src/engine/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { expectReadable } from '../i18n/readable.js';
import { sampleParams } from '../i18n/template-args.js';
import { CONFORMANCE_GAMES, GAMES_UNDER_TEST, TABLES, playedGame, sampledStates } from './games.js';

const PRESENTERS = CONFORMANCE_GAMES.presenters(inProcessBoardRenderer(CONFORMANCE_GAMES));
const NAMES = ['Ana', 'Bo', 'Cem', 'Dita', 'Eef', 'Fay'];

/** A key's template in `locale`: the last catalogue that has the key wins (the presenter's over the rules'), English where the locale has none. */
function templateOf(catalogues: readonly Catalogues[], key: string, locale: Locale): string {
  for (const c of [...catalogues].reverse()) {
    const found = c[locale]?.[key] ?? c.en[key];
    if (found !== undefined) return found;
  }
  throw new Error(`no template for ${key}`);
}

describe.each(GAMES_UNDER_TEST.map((game) => [game.id, game] as const))('%s', (_id, game) => {
  it("every template of the rules' and the presenter's words reads in every language, through the presenter, with sample parameters (every select branch and plural case)", () => {
    const presenter = PRESENTERS.get(game.id)!;
    const catalogues = [game.def.messages, presenter.messages];
    const keys = [...new Set(catalogues.flatMap((c) => Object.keys(c.en)))];
    for (const locale of LOCALES) {
      for (const key of keys) {
        for (const params of sampleParams(templateOf(catalogues, key, locale), locale, game.fixture.messageSamples ?? {})) {
          expectReadable(presenter.format({ key, params }, locale, NAMES), `${locale} ${key} ${JSON.stringify(params)}`);
        }
      }
    }
  });
});

describe.each(TABLES.map((table) => [table.name, table] as const))('%s', (_name, table) => {
  const { def, fixture } = table.game;
  const presenter = PRESENTERS.get(table.game.id)!;
  const names = NAMES.slice(0, table.players);
  const written = fixture.locales ?? LOCALES;

  it('every event, every action taken and the standings of a seeded game read in every language', () => {
    const game = playedGame(table);
    const messages: { what: string; message: Message }[] = [
      ...game.steps.flatMap((step, n) => [
        { what: `action ${n}`, message: def.describeAction(step.action) },
        ...step.events.map((event) => ({ what: `event of action ${n}`, message: event })),
      ]),
      ...def.standings(game.states.at(-1)).map((standing) => ({ what: `standing of seat ${standing.seat}`, message: standing.summary })),
    ];
    expect(messages.length).toBeGreaterThan(game.steps.length);
    for (const locale of LOCALES) {
      const catalogue = { ...def.messages[locale], ...presenter.messages[locale] };
      for (const { what, message } of messages) {
        const text = presenter.format(message, locale, names);
        expectReadable(text, `${what} in ${locale}: ${message.key}`);
        if (text === message.key) expect.fail(`${what} in ${locale}: the key ${message.key} shown`);
        if (written.includes(locale) && catalogue[message.key] === undefined) expect.fail(`${what}: ${message.key} has no ${locale} words`);
      }
    }
  });

  it("the status line, the deciding seat's prompt and its hand read in every language", () => {
    const game = playedGame(table);
    for (const { index, state } of sampledStates(game, 12)) {
      const board = def.view(state, null);
      for (const locale of LOCALES) {
        const status = presenter.status(board, locale, names);
        if (status !== '') expectReadable(status, `state ${index}: status in ${locale}`);
        for (const seat of def.activeSeats(state) as Seat[]) {
          expectReadable(presenter.prompt(board, seat, locale, names), `state ${index}: prompt of seat ${seat} in ${locale}`);
          const hand = presenter.hand(def.view(state, seat), seat, locale, names);
          if (hand !== '') expectReadable(hand, `state ${index}: hand of seat ${seat} in ${locale}`);
        }
      }
    }
  });
});
