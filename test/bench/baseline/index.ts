/**
 * The frozen baseline: the computer players' search, evaluation, rollout policy and determinizers as they
 * stood before issue 24's items 4-6 (commit 10c6ea7), copied here so the benchmark can pit the new search
 * against the old one at the same CPU per decision. Do not change these files: they are the yardstick. Only
 * the engines (rules) are shared with the live code, and those keep their behaviour.
 */
import type { Seat } from '../../../src/engine/definition.js';
import type { GamePolicy, SearchBudget } from './policy.js';
import { searchDecision, type SearchResult } from './search.js';
import { baselineIstanbulPolicy } from './istanbul/index.js';
import { baselineKairoPolicy } from './kairo/index.js';

export { baselineIstanbulPolicy, baselineKairoPolicy };

/** The baseline's decision (the view must already be a checked seat view). */
export function baselineDecide<S, A, V>(policy: GamePolicy<S, A, V>, view: V, seat: Seat, legal: readonly A[], budget: SearchBudget, seed: string): SearchResult {
  if (legal.length === 1) return { index: 0, value: 0, iterations: 0, stats: [{ visits: 0, value: 0 }] };
  return searchDecision(policy, view, seat, legal, budget, seed);
}
