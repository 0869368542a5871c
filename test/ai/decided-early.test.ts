/**
 * A search stops when its choice is decided: the choice is the most visited action and
 * an iteration adds one visit, so once the leader is ahead by more visits than iterations remain, the rest
 * cannot change it. Stopping there must choose exactly what the whole budget chooses, in every game.
 */
import { describe, expect, it } from 'vitest';
import { decideWithStats, toSeatView, type GamePolicy } from '../../src/engine/ai/index.js';
import { istanbulPolicy } from '../../src/games/istanbul/ai/index.js';
import { kairoPolicy } from '../../src/games/kairo/ai/index.js';
import type { AnyGameDefinition } from '../../src/engine/index.js';
import { setupFor } from '../bench/ai-match.js';
import { reachState, VARIANTS } from './games.js';

const def0 = (variant: 'istanbul' | 'istanbul-ls' | 'kairo'): AnyGameDefinition => setupFor(variant, 2).def;

const policyOf = (variant: string): GamePolicy<unknown, unknown, unknown> =>
  (variant === 'kairo' ? kairoPolicy : istanbulPolicy) as unknown as GamePolicy<unknown, unknown, unknown>;

describe('a search stops once the remaining iterations cannot change its choice', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: the same choices as running every iteration, in fewer iterations`, () => {
      const policy = policyOf(variant);
      // Kairo's values sit closer together: its leader needs more iterations to stand out.
      const budget = { ...policy.budgets.normal, iterations: variant === 'kairo' ? 240 : 96 };
      let early = 0;
      let full = 0;
      // Positions until one of them stopped early (every one compared on the way), at most six.
      for (const [i, steps] of [8, 40, 70, 100, 130, 160].entries()) {
        if (early < full) break;
        // Decisions among a few actions, where one often stands out (among many, visits spread thin).
        const { def, state, seat } = reachState(variant, 2 + (i % 3), `decided-${variant}-${i}`, steps, (s, a) => (def0(variant).legalActions(s, a) as unknown[]).length <= 6);
        const view = toSeatView(def.view(state, seat), policy.viewRules);
        const legal = def.legalActions(state, seat) as readonly unknown[];
        const stopped = decideWithStats(policy, view, legal, budget, `seed-${i}`);
        const everyIteration = decideWithStats(policy, view, legal, { ...budget, stopWhenDecided: false }, `seed-${i}`);
        expect(stopped.index).toBe(everyIteration.index);
        expect(everyIteration.iterations).toBe(budget.iterations);
        early += stopped.iterations;
        full += everyIteration.iterations;
      }
      expect(early).toBeLessThan(full);
    });
  }
});
