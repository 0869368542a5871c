/**
 * The computer player's contract, one for every game:
 *
 *   decide(policy, seatView, legalActions, level | budget, seed) -> one member of legalActions
 *
 * - `seatView` is the deciding seat's own view (`toSeatView(def.view(state, seat), policy.viewRules)`),
 *   never the state: the type refuses a state and `decide` re-checks at run time.
 * - `legalActions` is `def.legalActions(state, seat)`; the result is always one of its members (by index).
 * - The same view, legal actions, budget, seed and carried tree give the same action (iteration budgets; a
 *   `shouldStop` safety net is the only way a machine's speed can change the result). `carry` is what the
 *   seat's previous decision returned: used only when it was grown for exactly this view (search.ts).
 * The host application runs it in the AI worker pool (src/app/workers/ai-pool.ts) off the event loop.
 */
import type { Seat } from '../definition.js';
import type { GamePolicy, Level, SearchBudget } from './policy.js';
import { searchDecision, type Carry, type SearchResult } from './search.js';
import { seatOfView, toSeatView, type SeatView } from './seat-view.js';

export interface Decision<A> extends SearchResult {
  readonly action: A;
}

/** A level's budget for this view (the policy's `budgetOf`, else its `budgets`), or the budget given. */
export function budgetFor<V>(policy: GamePolicy<unknown, unknown, V>, budget: Level | SearchBudget, view: V): SearchBudget {
  if (typeof budget !== 'string') return budget;
  return policy.budgetOf?.(view, budget) ?? policy.budgets[budget];
}

export function decideWithStats<S, A, V>(
  policy: GamePolicy<S, A, V>,
  view: SeatView<V>,
  legal: readonly A[],
  budget: Level | SearchBudget,
  seed: string,
  carry?: Carry,
): Decision<A> {
  toSeatView(view, policy.viewRules);
  if (legal.length === 0) throw new RangeError('decide needs at least one legal action');
  const seat: Seat = seatOfView(view);
  if (legal.length === 1) return { action: legal[0] as A, index: 0, value: 0, iterations: 0, stats: [{ visits: 0, value: 0 }] };
  const result = searchDecision(policy, view as V, seat, legal, budgetFor(policy as GamePolicy<unknown, unknown, V>, budget, view as V), seed, carry);
  return { ...result, action: legal[result.index] as A };
}

/** The chosen action: always a member of `legal`. */
export function decide<S, A, V>(policy: GamePolicy<S, A, V>, view: SeatView<V>, legal: readonly A[], budget: Level | SearchBudget, seed: string): A {
  return decideWithStats(policy, view, legal, budget, seed).action;
}
