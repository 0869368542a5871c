/**
 * The turn panel's labels over fuzzed games, in words alone and with the app's emojis: at every decision the
 * step-by-step choices are labelled as the bot labels them (the game's words for the action, through the one
 * place that puts a symbol's emoji beside them: src/discord/emojis.ts; its costs and gains after it on a
 * button) and laid out by buildPanel; the characters of every button's label and every select option's label
 * are counted, and how many carry an emoji. The compound choices ("In one go…") are left out: their words stay
 * whole beside an emoji.
 */
import { GAMES } from '../../src/games/index.js';
import type { GameModule } from '../../src/app/module.js';
import type { GamePresenter } from '../../src/games/contract.js';
import { EmojiBook } from '../../src/discord/emojis.js';
import { parseSelectValue } from '../../src/discord/codec.js';
import { buildPanel, type PanelAction } from '../../src/discord/panel.js';
import { seedRng, type Locale, type Seat } from '../../src/engine/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import type { FuzzedGame } from './fuzzed-games.js';


export interface LabelConfig extends FuzzedGame {
  readonly seeds: readonly string[];
  readonly locale: Locale;
}

export interface LabelFigures {
  readonly buttons: number;
  readonly buttonMean: number;
  readonly buttonMax: number;
  readonly options: number;
  readonly optionMean: number;
  readonly optionMax: number;
  /** Buttons and options with an emoji. */
  readonly withEmoji: number;
}

const LABELS = { undo: 'Undo', more: 'More', previousPage: 'Previous', nextPage: 'Next', page: (g: string) => g };
const NAMES = ['Ada', 'Bo', 'Cy', 'Dee', 'Eve'];

/** A book with an emoji for every symbol of every game, as after a start whose uploads all went through. */
export function fullBook(presenters: Iterable<GamePresenter>): EmojiBook {
  const symbols = [...presenters].flatMap((p) => p.emojis?.symbols ?? []);
  return new EmojiBook(new Map(symbols.map((symbol, i) => [symbol, { id: `${1000 + i}`, name: `${symbol}_abcdef` }])));
}

const characters = (text: string): number => [...text].length;

/** Plays the config's games and measures the panels' labels with `emojis` (EmojiBook.NONE: words alone). */
export function measureLabels(config: LabelConfig, emojis: EmojiBook): LabelFigures {
  const module = GAMES.modules.get(config.kind) as GameModule;
  const presenter = GAMES.presenters(inProcessBoardRenderer(GAMES)).get(config.kind) as GamePresenter;
  const def = module.definition;
  const say = (m: Parameters<GamePresenter['format']>[0]): string => presenter.format(m, config.locale, NAMES);
  const buttons: number[] = [];
  const options: number[] = [];
  let withEmoji = 0;
  for (const seed of config.seeds) {
    const parsed = def.parseOptions(module.buildOptions({ ...config.settings, capacity: config.players }, config.players));
    if (!parsed.ok) throw new Error(parsed.error);
    let state = def.setup(parsed.options, seed);
    const rng = seedRng(`labels:${seed}`);
    for (let guard = 0; !def.isOver(state); guard++) {
      if (guard > 20_000) throw new Error(`${config.name} ${seed}: the game does not end`);
      const seat = def.activeSeats(state)[0] as Seat;
      const legal = def.legalActions(state, seat);
      const details = def.optionDetails?.(state, seat, legal) ?? legal.map(() => []);
      const actions = legal.map((action, index): PanelAction => {
        const group = presenter.group(action);
        const { message, emoji } = emojis.label(presenter, def.describeAction(action));
        const parts = (details[index] ?? []).map(say);
        return {
          index,
          label: say(message),
          ...(parts.length === 0 ? {} : { details: parts }),
          ...(emoji === undefined ? {} : { emoji }),
          group: group.id,
          groupLabel: say(group.label),
          always: group.always,
        };
      });
      for (const row of buildPanel({ gameId: 1, version: 1, seat, actions, canUndo: false, labels: LABELS })) {
        for (const c of row.components) {
          if ('options' in c) {
            for (const o of c.options) {
              if (parseSelectValue(o.value)?.kind !== 'action') continue;
              options.push(characters(o.label));
              if (o.emoji !== undefined) withEmoji++;
            }
          } else if ('label' in c && c.label !== undefined) {
            buttons.push(characters(c.label));
            if (c.emoji !== undefined) withEmoji++;
          }
        }
      }
      state = def.apply(state, config.policy(state, seat, legal, rng), seat).state;
    }
  }
  const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return {
    buttons: buttons.length,
    buttonMean: mean(buttons),
    buttonMax: Math.max(0, ...buttons),
    options: options.length,
    optionMean: mean(options),
    optionMax: Math.max(0, ...options),
    withEmoji,
  };
}
