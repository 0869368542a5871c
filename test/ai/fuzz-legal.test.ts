/**
 * The computer player answers with a legal action in every state the fuzzers reach: the generic playout
 * harness plays each game with its fuzz policy, and at every decision the search (tiny budget) is asked
 * too; its answer must be a member of the legal actions.
 */
import { describe, expect, it } from 'vitest';
import { decide, toSeatView, type GamePolicy } from '../../src/engine/ai/index.js';
import { uniformPolicy, playout } from '../harness/playout.js';
import { biasedPolicy } from '../games/istanbul/policy.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import type { AnyGameDefinition, RngState, Seat } from '../../src/engine/index.js';
import { setupFor, type GameVariant } from '../bench/ai-match.js';
import { TINY } from './games.js';

const FUZZ_POLICY: Record<GameVariant, (s: never, seat: Seat, legal: readonly never[], rng: RngState) => unknown> = {
  istanbul: biasedPolicy as never,
  'istanbul-ls': expansionPolicy as never,
  kairo: uniformPolicy,
};

function checkedPlayout(variant: GameVariant, players: number, seed: string): number {
  const { def, policy, options } = setupFor(variant, players) as { def: AnyGameDefinition; policy: GamePolicy<unknown, unknown, unknown>; options: unknown };
  let asked = 0;
  const result = playout({
    def,
    options,
    seed,
    maxSteps: 20_000,
    checkReplay: false,
    policy: (state, seat, legal, rng) => {
      const view = toSeatView(def.view(state, seat), policy.viewRules);
      const chosen = decide(policy, view, legal, TINY, `${seed}:${asked++}`);
      expect(legal).toContain(chosen);
      return FUZZ_POLICY[variant](state as never, seat, legal as never, rng);
    },
  });
  expect(def.isOver(result.final.state)).toBe(true);
  return asked;
}

describe('the AI answers legally wherever the fuzzers go', () => {
  it.each([
    ['istanbul', 2],
    ['istanbul', 4],
    ['istanbul-ls', 3],
    ['istanbul-ls', 5],
    ['kairo', 2],
    ['kairo', 3],
    ['kairo', 4],
  ] as const)('%s with %i players: a whole fuzz game', (variant, players) => {
    expect(checkedPlayout(variant, players, `ai-fuzz-${variant}-${players}`)).toBeGreaterThan(50);
  });
});
