/**
 * The turn panel's labels over fuzzed games (see labels.ts): mean and longest button and select option label,
 * in characters, in words alone and with the app's emojis; Istanbul, Letters & Seals and Kairo, in English,
 * German and Dutch. Run with `npm run bench`; the figures are printed as a table.
 */
import { afterAll, bench, describe } from 'vitest';
import { EmojiBook } from '../../src/discord/emojis.js';
import { GAMES } from '../../src/games/index.js';
import { LOCALES } from '../../src/engine/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { ISTANBUL, KAIRO, LETTERS_AND_SEALS, seeds } from './fuzzed-games.js';
import { fullBook, measureLabels, type LabelConfig, type LabelFigures } from './labels.js';

const GAME_CONFIGS: readonly Omit<LabelConfig, 'locale'>[] = [
  { ...ISTANBUL, seeds: seeds('labels-istanbul', 6) },
  { ...LETTERS_AND_SEALS, name: 'Letters & Seals, 3 players', seeds: seeds('labels-ls', 6) },
  { ...KAIRO, seeds: seeds('labels-kairo', 6) },
];

const book = fullBook(GAMES.presenters(inProcessBoardRenderer(GAMES)).values());
const rows = new Map<string, Record<string, string | number>>();
const row = (name: string, locale: string, emojis: string, f: LabelFigures): Record<string, string | number> => ({
  game: name,
  locale,
  emojis,
  buttons: f.buttons,
  'button mean': f.buttonMean.toFixed(1),
  'button max': f.buttonMax,
  options: f.options,
  'option mean': f.optionMean.toFixed(1),
  'option max': f.optionMax,
  'with emoji': f.withEmoji,
});

afterAll(() => {
  console.log('\nTurn panel labels, characters (fuzzed games; step-by-step choices):');
  console.table([...rows.values()]);
});

describe('panel labels', () => {
  for (const game of GAME_CONFIGS) {
    for (const locale of LOCALES) {
      bench(`${game.name}, ${locale}`, () => {
        const config = { ...game, locale };
        rows.set(`${game.name} ${locale} none`, row(game.name, locale, 'none', measureLabels(config, EmojiBook.NONE)));
        rows.set(`${game.name} ${locale} all`, row(game.name, locale, 'all', measureLabels(config, book)));
      }, { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 });
    }
  }
});
