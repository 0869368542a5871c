/**
 * Every game tells its board in words (GamePresenter.describe: the alt text of its pictures and "Board as
 * text") from the public view alone, in every language, at the start, in the middle and at the end: the
 * same words whatever a seat holds in secret, no hand's cards among them; its alt text within Discord's
 * 1,024 characters, of whole lines only, where the game stands always first; every player named.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, seedRng, type GameEvent, type Seat } from '../../src/engine/index.js';
import { altText, ALT_TEXT_MAX, type BoardWords } from '../../src/games/board-words.js';
import type { RenderOptions } from '../../src/games/contract.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { CONFORMANCE_GAMES, TABLES, playedGame, sampledStates } from './games.js';

const PRESENTERS = CONFORMANCE_GAMES.presenters(inProcessBoardRenderer(CONFORMANCE_GAMES));
/** Names as long as Discord's display names go, so the alt text has to leave lines out. */
const NAMES = ['Alexandra Konstantinopoulou-Smit', 'Bartholomew Featherstonehaugh Jr', 'Cem', 'Dita von Teese-Oberhausen', 'Eef', 'Fay'];
const SAMPLES = 8;

/** Every line the alt text may say, each whole. */
function sayable(words: BoardWords): Set<string> {
  return new Set([...words.now, ...words.players.map((p) => `${p.heading}: ${p.standing}`), ...(words.lastTurn === null ? [] : [`${words.lastTurn.heading}:`, ...words.lastTurn.lines])]);
}

describe.each(TABLES.map((table) => [table.name, table] as const))('%s', (_name, table) => {
  const { def, fixture } = table.game;
  const presenter = PRESENTERS.get(table.game.id)!;
  const seats: Seat[] = [...Array(table.players).keys()];

  it('tells the board from the public view alone, within the alt text’s 1,024 characters, in whole lines', () => {
    const game = playedGame(table);
    const last = game.states.length - 1;
    const rng = seedRng(`words:${table.name}`);
    let secretsChanged = 0;
    for (const { index, state } of sampledStates(game, SAMPLES)) {
      const lastTurn: GameEvent[] = index === 0 ? [] : (game.steps[index - 1]?.events ?? []).filter((event) => event.visibleTo === undefined);
      const ranks = index === last ? def.standings(state).map(({ seat, rank }) => ({ seat, rank })) : undefined;
      for (const locale of LOCALES) {
        const options: RenderOptions = { locale, names: NAMES.slice(0, table.players), lastTurn, ...(ranks === undefined ? {} : { ranks }) };
        const where = `state ${index}, ${locale}`;
        const words = presenter.describe(def.view(state, null), options);
        expect(words.now.length, where).toBeGreaterThan(0);
        expect(words.players, where).toHaveLength(table.players);
        for (const seat of seats) expect(words.players.some((p) => p.heading.includes(NAMES[seat]!)), `${where}: seat ${seat} named`).toBe(true);
        const alt = altText(words);
        expect([...alt].length, where).toBeLessThanOrEqual(ALT_TEXT_MAX);
        const lines = alt.split('\n');
        expect(lines.slice(0, words.now.length), where).toEqual(words.now);
        const whole = sayable(words);
        for (const line of lines) expect(whole.has(line), `${where}: "${line}" is a whole line`).toBe(true);
        // The same words whatever any seat holds in secret; no line of its hand among them.
        const told = JSON.stringify(words);
        for (const holder of seats) {
          const other = fixture.changeSecrets?.(state, holder, rng) ?? null;
          if (other !== null) {
            secretsChanged++;
            expect(JSON.stringify(presenter.describe(def.view(other, null), options)), `${where}: seat ${holder}'s secrets`).toBe(told);
          }
          // The hand's first line: the cards the seat holds (its other lines repeat what the table sees).
          const cards = presenter.hand(def.view(state, holder), holder, locale, options.names).split('\n')[0]!;
          if (/\d/u.test(cards)) expect(told.includes(cards), `${where}: seat ${holder}'s cards "${cards}"`).toBe(false);
        }
      }
    }
    if (fixture.changeSecrets !== null) expect(secretsChanged).toBeGreaterThan(0);
  });
});
