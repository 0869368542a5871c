/**
 * The tactical suite's frame, shared by the tests (at a small budget) and the benchmark (test/bench/ai-tactics.ts,
 * at each level's own budget): a position reached by the rules, the move the computer must find there, and
 * what each level chooses with each of five seeds, from the deciding seat's view only.
 *
 * What each level is held to: normal and hard find the move with every seed (a position may name fewer, where
 * the move is a judgement beyond normal's look, not a win within reach); easy stays beatable, so it is held
 * only to playing a legal action (the contract of every level), not to finding the move.
 */
import { expect } from 'vitest';
import { budgetFor, decideWithStats, toSeatView, type GamePolicy, type Level, type SearchBudget } from '../../../src/engine/ai/index.js';
import type { AnyGameDefinition, Seat } from '../../../src/engine/index.js';

export const TACTIC_SEEDS = ['tactic-1', 'tactic-2', 'tactic-3', 'tactic-4', 'tactic-5'];

/** The levels held to finding the move. */
export const FINDING_LEVELS: readonly Level[] = ['normal', 'hard'];

export interface Tactic<S, A> {
  /** What the position teaches, as the rulebook would say it. */
  readonly name: string;
  /** The position, built afresh (a test may not share a state another one changes). */
  readonly position: () => S;
  /** Whether an action is the move to find (or one of them). */
  readonly finds: (action: A) => boolean;
  /** The levels held to finding it, where not normal and hard (a judgement beyond normal's look). */
  readonly heldAt?: readonly Level[];
  /** The test runs the level's own budget, not the small one: the move needs the whole search. */
  readonly ownBudget?: boolean;
}

/**
 * A level's budget cut to a test's size: the level's own kind of search (rollout length, exploration, prior,
 * a win within reach) with at most SMALL_ITERATIONS iterations and SMALL_WORK work. Easy's own is smaller.
 */
const SMALL_ITERATIONS = 300;
const SMALL_WORK = 60_000;

export function smallBudget(own: SearchBudget): SearchBudget {
  return { ...own, iterations: Math.min(own.iterations, SMALL_ITERATIONS), maxWork: Math.min(own.maxWork ?? SMALL_WORK, SMALL_WORK) };
}

export type BudgetSize = 'small' | 'own';

/** The deciding seat's choice at `level` with each seed, and the legal actions it chose among. */
export function choicesAt<S, A, V>(
  def: AnyGameDefinition,
  policy: GamePolicy<S, A, V>,
  state: S,
  level: Level,
  size: BudgetSize,
): { legal: readonly A[]; chosen: A[] } {
  const seat = def.activeSeats(state)[0] as Seat;
  const view = toSeatView(def.view(state, seat), policy.viewRules);
  const legal = def.legalActions(state, seat) as readonly A[];
  expect(legal.length).toBeGreaterThan(1);
  const own = budgetFor(policy as GamePolicy<unknown, unknown, V>, level, view as V);
  const budget = size === 'own' ? own : smallBudget(own);
  return { legal, chosen: TACTIC_SEEDS.map((seed) => decideWithStats(policy, view, legal, budget, seed).action) };
}

/** The test of one position at one level: normal and hard find the move with every seed, easy plays legally. */
export function checkTactic<S, A, V>(def: AnyGameDefinition, policy: GamePolicy<S, A, V>, tactic: Tactic<S, A>, level: Level): void {
  const { legal, chosen } = choicesAt(def, policy, tactic.position(), level, tactic.ownBudget === true ? 'own' : 'small');
  expect(legal.some((a) => tactic.finds(a)), 'the move to find is legal').toBe(true);
  for (const action of chosen) {
    expect(legal).toContainEqual(action);
    if ((tactic.heldAt ?? FINDING_LEVELS).includes(level)) expect(tactic.finds(action), JSON.stringify(action)).toBe(true);
  }
}
