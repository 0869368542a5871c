/**
 * "In one go…" names what each compound choice achieves within Discord's 100 characters, in every language:
 * fuzzed games of every table a lobby offers (each game, each expansion, the fewest and the most seats) are scanned at every
 * decision, and every compound choice's label must carry, uncut, its place and what it does (the first step
 * and every step that acts or skips the action), what it pays and the costs and gains of what it does; a
 * compound that skips the action for the player says why in its description. Those that achieve nothing come last.
 * With players' names as long as Discord allows (and a seat a computer plays for its player, longer still), or
 * words too long for 100 characters (a Kiosk tile named beside the exchange that names it again), the label may
 * shorten the names and then the wording of the actions, as little as it can; the description then says them in full.
 */
import { describe, expect, it } from 'vitest';
import type { GameModule } from '../../src/app/module.js';
import { compoundStepInfo, type CompoundStepInfo } from '../../src/app/service/queries.js';
import { compoundText, FULL_WORDING, LABEL_MAX, WORDINGS, type CompoundWords } from '../../src/discord/compound-text.js';
import { fitParts } from '../../src/discord/panel.js';
import { NAME_MAX, oneLine } from '../../src/discord/text.js';
import { achievesNothing, compoundChoices, pick, seedRng, type Locale, type Message, type Seat } from '../../src/engine/index.js';
import type { GamePresenter } from '../../src/games/contract.js';
import { GAMES } from '../../src/games/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { TABLES, type Table } from '../conformance/games.js';

const LOCALES: readonly Locale[] = ['en', 'de', 'nl'];
const NAMES = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin'];
/** Display names of Discord's full 32 characters; the last one's seat is played by the computer for them. */
const LONG_NAMES = [
  'Alexandra Konstantinopoulou-Weiß',
  'Bartholomew Fitzgerald-Livingston',
  'Christabel Montgomery-Wolfenstein',
  'Dorothea Vanderbilt-Oppenheimer',
  'Evangeline Featherstonehaugh-Ives',
].map((name, seat) => {
  const cut = [...name].slice(0, NAME_MAX).join('');
  return seat === 4 ? `${cut} (computer)` : cut;
});

/** The details that are a cost or a gain (lira, goods, rubies, coins), by their catalogue keys. */
const COST_OR_GAIN = /^(istanbul\.detail\.(gain|cost|pay|payNeutral|post|fill|ruby|payGood|deliver)|kairo\.detail\.(income|ownerIncome)\w*)$/;

/**
 * Every table a lobby offers, as the conformance suite sets them up (test/conformance/games.ts): each game the
 * bot hosts, without an expansion and with each one, at its fewest and its most seats, the layouts and variants
 * taken in turn; two seeds at the fewest seats, one at the most (its game has more turns of more players).
 */
const SCANS: readonly Table[] = TABLES.filter(
  (table) => table.game.fixture.plugin === undefined && (table.players === table.game.def.players.min || table.players === table.game.def.players.max),
);
/** The seeds a table's scan plays, within the test's time. */
const seedsOf = (table: Table): number => (table.players === table.game.def.players.min ? 2 : 1);

/** What must stand, uncut, in the label. */
function keyWords(steps: readonly CompoundStepInfo[], { describe, say }: ReturnType<CompoundWords>): string[] {
  const out: string[] = [];
  steps.forEach((step, i) => {
    if (step.kind === 'payment') out.push(...step.details.map(say));
    else if (i === 0 || step.kind === 'action' || step.kind === 'skip') out.push(describe(step.action));
    if (i === 0 || step.kind === 'action') out.push(...step.details.filter((d) => COST_OR_GAIN.test(d.key)).map(say));
  });
  return [...new Set(out)];
}

/** The words of a game's messages for these players, their names cut and the words short as the panel does. */
function wordsFor(presenter: GamePresenter, module: GameModule, locale: Locale, names: readonly string[]): CompoundWords {
  return ({ nameMax, short }) => {
    const shown = nameMax === null ? [...names] : names.map((name) => oneLine(name, nameMax));
    const say = (m: Message): string => presenter.format((short ? presenter.shortForm?.(m) : undefined) ?? m, locale, shown);
    return { say, describe: (action) => say(module.definition.describeAction(action)) };
  };
}

describe('the key words of every compound choice stand within 100 characters', () => {
  for (const table of SCANS) {
    it(table.name, () => {
      const module = table.game.module;
      const presenter = GAMES.presenters(inProcessBoardRenderer(GAMES)).get(table.game.id) as GamePresenter;
      const def = module.definition;
      let compounds = 0;
      let skips = 0;
      let shortened = 0;
      const missing: string[] = [];
      for (let n = 1; n <= seedsOf(table); n++) {
        const seed = `labels:${table.name}:${n}`;
        let state = def.setup(table.options, seed);
        const rng = seedRng(seed);
        for (let guard = 0; !def.isOver(state) && guard < 700; guard++) {
          const seat = def.activeSeats(state)[0] as Seat;
          const legal = def.legalActions(state, seat);
          const choices = compoundChoices(def, state, seat, legal);
          // Ordered by what they achieve: none that achieves nothing before one that does something.
          const nothing = choices.map((steps) => achievesNothing(compoundStepInfo(def, state, seat, steps).map((s) => s.kind)));
          // (Checked as plain code, `expect` only on a failure: it runs for every choice of every state.)
          const ordered = nothing.indexOf(true) === -1 || nothing.lastIndexOf(false) < nothing.indexOf(true);
          if (!ordered) expect(ordered).toBe(true);
          for (const steps of choices) {
            const info = compoundStepInfo(def, state, seat, steps);
            compounds++;
            for (const locale of LOCALES) {
              /** The text with the short names: the skip's reason is read from it below. */
              let plain: ReturnType<typeof compoundText> | undefined;
              for (const names of [NAMES, LONG_NAMES]) {
                const words = wordsFor(presenter, module, locale, names);
                const text = compoundText(info, words);
                if (names === NAMES) plain = text;
                const length = [...text.label].length;
                if (length > LABEL_MAX) expect(length).toBeLessThanOrEqual(LABEL_MAX);
                // The key words stand in the label in full, or with the names and wording shortened as the label needed.
                const level = WORDINGS.find((wording) => keyWords(info, words(wording)).every((word) => text.label.includes(word)));
                if (level === undefined) {
                  missing.push(`${locale}: "${keyWords(info, words(FULL_WORDING)).join(' → ')}" not in "${text.label}"`);
                  continue;
                }
                if (level === FULL_WORDING) continue;
                shortened++;
                // What the label says short, the description says in full.
                for (const word of keyWords(info, words(FULL_WORDING))) {
                  if (!text.label.includes(word) && !text.details.some((part) => part.includes(word))) expect(text.details.some((part) => part.includes(word)), word).toBe(true);
                }
              }
              const say = wordsFor(presenter, module, locale, NAMES)(FULL_WORDING).say;
              const text = plain as ReturnType<typeof compoundText>;
              const reasons = info.flatMap((s) => s.reasons.map(say));
              // A skip the compound takes for the player (not one they chose as its first step) says why.
              if (info.some((s, i) => i > 0 && s.kind === 'skip')) {
                skips++;
                // Why the action is skipped: the description's first words (a long sentence is cut at 100).
                const description = fitParts(text.details, LABEL_MAX);
                expect(reasons.length).toBeGreaterThan(0);
                expect(description.startsWith([...(reasons[0] as string)].slice(0, 60).join(''))).toBe(true);
              }
            }
          }
          state = def.apply(state, pick(rng, legal), seat).state;
        }
      }
      expect(missing.slice(0, 10)).toEqual([]);
      expect(compounds).toBeGreaterThan(50);
      if (table.game.id === 'istanbul') expect(skips).toBeGreaterThan(0);
      // Payments to players of long names cannot all stand in full.
      if (table.game.id === 'istanbul') expect(shortened).toBeGreaterThan(0);
    });
  }
});
