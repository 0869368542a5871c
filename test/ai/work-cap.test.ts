/**
 * The hard level's slowest decisions are bounded by a cap on the search's work (the aim: hard's p95
 * at most 1 s of CPU): moves applied plus actions the prior and the rollout policy weighed. Unlike a time
 * limit it is the same on every machine, so a capped decision is as reproducible as any other.
 */
import { describe, expect, it } from 'vitest';
import { budgetFor, decideWithStats, toSeatView, type GamePolicy } from '../../src/engine/ai/index.js';
import { istanbulPolicy } from '../../src/games/istanbul/ai/index.js';
import { kairoPolicy } from '../../src/games/kairo/ai/index.js';
import type { KairoState } from '../../src/games/kairo/types.js';
import { setupFor } from '../bench/ai-match.js';
import { TABLES, decisionOf } from '../conformance/games.js';
import { reachState } from './games.js';

/** Every game with a computer player, with each expansion, at two seats. */
const AI_TABLES = TABLES.filter((table) => table.game.plugin.policy !== undefined && table.players === 2);

describe('a search stops at its work cap', () => {
  for (const table of AI_TABLES) {
    it(`${table.name}: stops within one iteration of the cap, and the same cap gives the same choice`, () => {
      const policy = table.game.plugin.policy as GamePolicy<unknown, unknown, unknown>;
      const { def } = table.game;
      const { state, seat } = decisionOf(table, 60, (_s, _seat, legal) => legal.length >= 3);
      const view = toSeatView(def.view(state, seat), policy.viewRules);
      const legal = def.legalActions(state, seat) as readonly unknown[];
      const uncapped = { ...policy.budgets.normal, iterations: 60, stopWhenDecided: false };
      const free = decideWithStats(policy, view, legal, uncapped, 'cap');
      expect(free.iterations).toBe(60);
      const perIteration = (free.work as number) / free.iterations;
      const cap = Math.round((free.work as number) / 4);
      const capped = decideWithStats(policy, view, legal, { ...uncapped, maxWork: cap }, 'cap');
      expect(capped.work as number).toBeGreaterThanOrEqual(cap);
      // The cap is checked before each iteration: at most one iteration's work beyond it (a long one, here
      // bounded by five average ones).
      expect(capped.work as number).toBeLessThan(cap + 5 * perIteration);
      expect(capped.iterations).toBeLessThan(free.iterations);
      expect(decideWithStats(policy, view, legal, { ...uncapped, maxWork: cap }, 'cap')).toEqual(capped);
    });
  }

  it('a time budget (shouldStop) is asked before every iteration after the first: it stops the search within one iteration', () => {
    const policy = istanbulPolicy as unknown as GamePolicy<unknown, unknown, unknown>;
    const rules = setupFor('istanbul', 2).def;
    const { def, state, seat } = reachState('istanbul', 2, 'stop-every-iteration', 60, (s, a) => (rules.legalActions(s, a) as unknown[]).length >= 3);
    const view = toSeatView(def.view(state, seat), policy.viewRules);
    const legal = def.legalActions(state, seat) as readonly unknown[];
    for (const answerTrueOnCall of [1, 3, 5]) {
      let calls = 0;
      const shouldStop = (): boolean => ++calls >= answerTrueOnCall;
      const result = decideWithStats(policy, view, legal, { ...policy.budgets.normal, iterations: 60, stopWhenDecided: false, shouldStop }, 'stop');
      expect(result.iterations).toBe(answerTrueOnCall);
    }
  });

  it('hard Istanbul with Letters & Seals is capped lower than the base game (each move costs more there)', () => {
    const policy = istanbulPolicy as unknown as GamePolicy<unknown, unknown, unknown>;
    const base = reachState('istanbul', 2, 'cap-base', 20);
    const letters = reachState('istanbul-ls', 2, 'cap-ls', 20);
    const hardBase = budgetFor(policy, 'hard', toSeatView(base.def.view(base.state, base.seat), policy.viewRules));
    const hardLetters = budgetFor(policy, 'hard', toSeatView(letters.def.view(letters.state, letters.seat), policy.viewRules));
    expect(hardBase).toBe(policy.budgets.hard);
    expect(hardLetters.maxWork).toBeLessThan(hardBase.maxWork as number);
    expect({ ...hardLetters, maxWork: hardBase.maxWork }).toEqual(hardBase);
    // The other levels are the base game's.
    expect(budgetFor(policy, 'normal', toSeatView(letters.def.view(letters.state, letters.seat), policy.viewRules))).toBe(policy.budgets.normal);
  });

  it('hard Kairo is capped lower while a stall is placed (every placement searches the board), in the start placements and in a build', () => {
    const policy = kairoPolicy as unknown as GamePolicy<unknown, unknown, unknown>;
    const hardAt = (found: ReturnType<typeof reachState>, level: 'hard' | 'normal' = 'hard') => budgetFor(policy, level, toSeatView(found.def.view(found.state, found.seat), policy.viewRules));
    const kairoState = (state: unknown): KairoState => state as KairoState;
    for (const players of [2, 3, 4]) {
      const start = reachState('kairo', players, `cap-start-${players}`, 0);
      expect(kairoState(start.state).phase).toBe('setup');
      const turn = reachState('kairo', players, `cap-turn-${players}`, 40, (s) => kairoState(s).phase === 'play' && kairoState(s).pending.k === 'turn');
      const stall = reachState('kairo', players, `cap-stall-${players}`, 40, (s) => {
        const { phase, pending } = kairoState(s);
        return phase !== 'setup' && pending.k === 'build' && pending.mode === 'stall';
      });
      const extension = reachState('kairo', players, `cap-extend-${players}`, 40, (s) => {
        const { pending } = kairoState(s);
        return pending.k === 'build' && pending.mode === 'extend';
      });
      expect(hardAt(turn)).toBe(policy.budgets.hard);
      expect(hardAt(extension)).toBe(policy.budgets.hard);
      for (const placing of [start, stall]) {
        expect(hardAt(placing).maxWork).toBeLessThan(policy.budgets.hard.maxWork as number);
        expect({ ...hardAt(placing), maxWork: policy.budgets.hard.maxWork }).toEqual(policy.budgets.hard);
        expect(hardAt(placing, 'normal')).toBe(policy.budgets.normal);
      }
    }
  });
});
