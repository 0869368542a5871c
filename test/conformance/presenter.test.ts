/**
 * What a game says, through its presenter (the Discord side's only door to a game's words): every event of
 * a seeded game, every action taken and the final standings read in every language the bot speaks, with
 * no key, placeholder, "undefined" or "NaN"; the words exist in each language the game is written in; the
 * board's status line, the deciding seat's prompt and its hand read too.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, type Message, type Seat } from '../../src/engine/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { expectReadable } from '../i18n/readable.js';
import { CONFORMANCE_GAMES, TABLES, playedGame, sampledStates } from './games.js';

const PRESENTERS = CONFORMANCE_GAMES.presenters(inProcessBoardRenderer(CONFORMANCE_GAMES));
const NAMES = ['Ana', 'Bo', 'Cem', 'Dita', 'Eef', 'Fay'];

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
