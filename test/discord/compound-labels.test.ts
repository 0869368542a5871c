/**
 * "In one go…" names what each compound choice achieves within Discord's 100 characters, in every language:
 * fuzzed games of Istanbul, Letters & Seals and Kairo (several seeds and player counts) are scanned at every
 * decision, and every compound choice's label must carry, uncut, its place and what it does (the first step
 * and every step that acts or skips the action), what it pays and the costs and gains of what it does; a
 * compound that skips the action for the player says why in its description. Those that achieve nothing come last.
 */
import { describe, expect, it } from 'vitest';
import type { GameModule, LobbySettings } from '../../src/app/module.js';
import { compoundStepInfo, type CompoundStepInfo } from '../../src/app/service/queries.js';
import { compoundText, LABEL_MAX } from '../../src/discord/compound-text.js';
import { fitParts } from '../../src/discord/panel.js';
import { achievesNothing, compoundChoices, pick, seedRng, type Locale, type Message, type Seat } from '../../src/engine/index.js';
import type { GamePresenter } from '../../src/games/contract.js';
import { GAMES } from '../../src/games/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';

const LOCALES: readonly Locale[] = ['en', 'de', 'nl'];
const NAMES = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin'];

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
function keyWords(steps: readonly CompoundStepInfo[], describe: (a: unknown) => string, say: (m: Message) => string): string[] {
  const out: string[] = [];
  steps.forEach((step, i) => {
    if (step.kind === 'payment') out.push(...step.details.map(say));
    else if (i === 0 || step.kind === 'action' || step.kind === 'skip') out.push(describe(step.action));
    if (i === 0 || step.kind === 'action') out.push(...step.details.filter((d) => COST_OR_GAIN.test(d.key)).map(say));
  });
  return [...new Set(out)];
}

describe('the key words of every compound choice stand within 100 characters', () => {
  for (const scan of SCANS) {
    it(`${scan.name}, ${scan.players} players, seeds ${scan.seeds.join(', ')}`, () => {
      const module = GAMES.modules.get(scan.kind) as GameModule;
      const presenter = GAMES.presenters(inProcessBoardRenderer(GAMES)).get(scan.kind) as GamePresenter;
      const def = module.definition;
      let compounds = 0;
      let skips = 0;
      const missing: string[] = [];
      const overflow: string[] = [];
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
          expect(nothing.indexOf(true) === -1 || nothing.lastIndexOf(false) < nothing.indexOf(true)).toBe(true);
          for (const steps of choices) {
            const info = compoundStepInfo(def, state, seat, steps);
            compounds++;
            for (const locale of LOCALES) {
              const say = (m: Message): string => presenter.format(m, locale, NAMES);
              const describe = (a: unknown): string => say(def.describeAction(a));
              const text = compoundText(info, describe, say);
              expect([...text.label].length).toBeLessThanOrEqual(LABEL_MAX);
              const words = keyWords(info, describe, say);
              // Key words that cannot all stand in 100 characters together (a long first step with a payment
              // to two and a skip): the first step still stands uncut; they are counted, and must stay rare.
              if ([...words.join(' → ')].length > LABEL_MAX) {
                overflow.push(`${locale}: ${text.label}`);
                expect(text.label.startsWith(describe(steps[0]))).toBe(true);
                continue;
              }
              for (const word of words) if (!text.label.includes(word)) missing.push(`${locale}: "${word}" not in "${text.label}"`);
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
      expect(overflow.length).toBeLessThan((compounds * LOCALES.length) / 100);
      expect(compounds).toBeGreaterThan(50);
      if (scan.kind === 'istanbul') expect(skips).toBeGreaterThan(0);
    });
  }
});
