/**
 * "In one go…" names what each compound choice achieves within Discord's 100 characters, in every language:
 * fuzzed games of Istanbul, Letters & Seals and Kairo (several seeds and player counts) are scanned at every
 * decision, and every compound choice's label must carry, uncut, its place and what it does (the first step
 * and every step that acts or skips the action), what it pays and the costs and gains of what it does; a
 * compound that skips the action for the player says why in its description. Those that achieve nothing come last.
 * With players' names as long as Discord allows (and a seat a computer plays for its player, longer still), the
 * label may shorten the names, as little as it can, and the description then names them in full.
 */
import { describe, expect, it } from 'vitest';
import type { GameModule, LobbySettings } from '../../src/app/module.js';
import { compoundStepInfo, type CompoundStepInfo } from '../../src/app/service/queries.js';
import { compoundText, LABEL_MAX, NAME_LEVELS, type CompoundWords } from '../../src/discord/compound-text.js';
import { fitParts } from '../../src/discord/panel.js';
import { NAME_MAX, oneLine } from '../../src/discord/text.js';
import { achievesNothing, compoundChoices, pick, seedRng, type Locale, type Message, type Seat } from '../../src/engine/index.js';
import type { GamePresenter } from '../../src/games/contract.js';
import { GAMES } from '../../src/games/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';

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

interface Scan {
  readonly name: string;
  readonly kind: 'istanbul' | 'kairo';
  readonly players: number;
  readonly settings: Omit<LobbySettings, 'capacity'>;
  readonly seeds: readonly string[];
}

const SCANS: readonly Scan[] = [
  { name: 'Istanbul', kind: 'istanbul', players: 2, settings: { layout: null, variant: null }, seeds: ['k1', 'k2'] },
  { name: 'Istanbul', kind: 'istanbul', players: 4, settings: { layout: null, variant: null }, seeds: ['k3', 'k4'] },
  { name: 'Istanbul', kind: 'istanbul', players: 5, settings: { layout: null, variant: null }, seeds: ['k5'] },
  { name: 'Letters & Seals', kind: 'istanbul', players: 3, settings: { layout: 'starter', variant: null, expansion: 'letters-and-seals' }, seeds: ['l1', 'l2'] },
  { name: 'Letters & Seals', kind: 'istanbul', players: 5, settings: { layout: 'random', variant: null, expansion: 'letters-and-seals' }, seeds: ['l3'] },
  { name: 'Kairo', kind: 'kairo', players: 2, settings: { layout: 'quick', variant: null }, seeds: ['c1', 'c2'] },
  { name: 'Kairo', kind: 'kairo', players: 4, settings: { layout: 'quick', variant: null }, seeds: ['c3'] },
];

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

/** The words of a game's messages for these players, their names cut as the panel cuts them. */
function wordsFor(presenter: GamePresenter, module: GameModule, locale: Locale, names: readonly string[]): CompoundWords {
  return (nameMax) => {
    const shown = nameMax === null ? [...names] : names.map((name) => oneLine(name, nameMax));
    const say = (m: Message): string => presenter.format(m, locale, shown);
    return { say, describe: (a) => say(module.definition.describeAction(a)) };
  };
}

describe('the key words of every compound choice stand within 100 characters', () => {
  for (const scan of SCANS) {
    it(`${scan.name}, ${scan.players} players, seeds ${scan.seeds.join(', ')}`, () => {
      const module = GAMES.modules.get(scan.kind) as GameModule;
      const presenter = GAMES.presenters(inProcessBoardRenderer(GAMES)).get(scan.kind) as GamePresenter;
      const def = module.definition;
      let compounds = 0;
      let skips = 0;
      let shortened = 0;
      const missing: string[] = [];
      for (const seed of scan.seeds) {
        const parsed = def.parseOptions(module.buildOptions({ ...scan.settings, capacity: scan.players }, scan.players));
        if (!parsed.ok) throw new Error(parsed.error);
        let state = def.setup(parsed.options, seed);
        const rng = seedRng(`labels:${seed}`);
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
                // The key words stand in the label with the names in full, or shortened as the label needed.
                const level = NAME_LEVELS.find((nameMax) => keyWords(info, words(nameMax)).every((word) => text.label.includes(word)));
                if (level === undefined) {
                  missing.push(`${locale}: "${keyWords(info, words(null)).join(' → ')}" not in "${text.label}"`);
                  continue;
                }
                if (level === null) continue;
                shortened++;
                // What the label names with shortened names, the description names in full.
                for (const word of keyWords(info, words(null))) {
                  if (!text.label.includes(word) && !text.details.some((part) => part.includes(word))) expect(text.details.some((part) => part.includes(word)), word).toBe(true);
                }
              }
              const say = wordsFor(presenter, module, locale, NAMES)(null).say;
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
      if (scan.kind === 'istanbul') expect(skips).toBeGreaterThan(0);
      // Payments to players of long names cannot all stand in full.
      if (scan.kind === 'istanbul') expect(shortened).toBeGreaterThan(0);
    });
  }
});
