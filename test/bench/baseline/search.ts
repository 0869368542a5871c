/**
 * Single-observer information-set Monte Carlo tree search (Cowling, Powley, Whitehouse 2012) with
 * determinization. One tree for the deciding seat's information set: each iteration samples a full state
 * consistent with the seat's view, walks the tree along actions legal in that sample (UCB with availability
 * counts, so an action legal in few samples is not starved), adds one node, plays a short rollout with the
 * game's policy and backs up the game's per-seat evaluation. A node's value is that of the seat that acted
 * there, so other seats' decisions inside the tree (a Kiosk choice, an auction bid) are played in their own
 * interest. Deterministic for a seed: every random choice comes from the seeded PRNG.
 *
 * No clairvoyance of chance: every visit gets chance of its own (the sample's PRNG and face-down pile order
 * replaced through `policy.reseed`, from a stream derived from the seed and the visit's number, whatever
 * the sampler put there), and the prior and the rollout policy weigh actions over chance drawn from the
 * search's own stream, not the visit's. So what a node's statistics average is the action's value over
 * the dice, not the value of the roll one sample happened to hold.
 */
import type { Seat } from '../../../src/engine/definition.js';
import { randomInt, seedRng, type RngState } from '../../../src/engine/rng.js';
import type { GamePolicy, SearchBudget } from './policy.js';

interface Node<A> {
  readonly action: A | null;
  readonly key: string;
  /** The seat that chose `action`. */
  readonly seat: Seat;
  visits: number;
  /** Visits of iterations that went through this node (`visits` adds the prior's virtual visits). */
  real: number;
  /** How often this node's action was legal when its parent was visited. */
  available: number;
  /** Sum of the evaluations for `seat`. */
  value: number;
  readonly children: Node<A>[];
  readonly byKey: Map<string, Node<A>>;
}

function node<A>(action: A | null, key: string, seat: Seat): Node<A> {
  return { action, key, seat, visits: 0, real: 0, available: 0, value: 0, children: [], byKey: new Map() };
}

export interface SearchResult {
  /** Index into the legal actions given. */
  readonly index: number;
  /** The chosen action's mean evaluation for the deciding seat, in [0, 1]. */
  readonly value: number;
  readonly iterations: number;
  /** Root statistics per legal action (same order): visits and mean value. */
  readonly stats: readonly { readonly visits: number; readonly value: number }[];
}

export function searchDecision<S, A, V>(
  policy: GamePolicy<S, A, V>,
  view: V,
  seat: Seat,
  legal: readonly A[],
  budget: SearchBudget,
  seed: string,
): SearchResult {
  const { rules } = policy;
  const rng = seedRng(`ai:${policy.game}:${seed}`);
  const sample = policy.determinizer(view);
  const root = node<A>(null, '', seat);
  const legalKeys = legal.map((a) => rules.actionKey(a));
  let iterations = 0;
  for (; iterations < budget.iterations; iterations++) {
    // Asked at every iteration, as the new search asks it (2026-11-27; it was every 8th): only the benchmark's
    // CPU budget uses it, which both searches then keep to within one iteration. What the baseline chooses
    // for a given number of iterations is unchanged.
    if (budget.shouldStop !== undefined && iterations > 0 && budget.shouldStop()) break;
    const chance = seedRng(`ai:${policy.game}:${seed}:chance:${iterations}`);
    iterate(policy, root, policy.reseed(sample(rng), chance), rng, budget);
  }
  const stats = legalKeys.map((key) => {
    const child = root.byKey.get(key);
    return { visits: child?.real ?? 0, value: child !== undefined && child.visits > 0 ? child.value / child.visits : 0 };
  });
  let best = 0;
  for (let i = 1; i < stats.length; i++) {
    const a = stats[i] as (typeof stats)[number];
    const b = stats[best] as (typeof stats)[number];
    if (a.visits > b.visits || (a.visits === b.visits && a.value > b.value)) best = i;
  }
  return { index: best, value: (stats[best] as (typeof stats)[number]).value, iterations, stats };
}

function iterate<S, A, V>(policy: GamePolicy<S, A, V>, root: Node<A>, start: S, rng: RngState, budget: SearchBudget): void {
  const { rules } = policy;
  let state = start;
  let current = root;
  const path: Node<A>[] = [];
  // Selection and expansion.
  for (;;) {
    if (rules.isOver(state)) break;
    const actor = rules.activeSeats(state)[0];
    if (actor === undefined) break;
    const legal = rules.legalActions(state, actor);
    if (legal.length === 0) break;
    const priorVisits = budget.priorVisits ?? 0;
    if (priorVisits > 0 && policy.prior !== undefined && current.children.length === 0) {
      // First visit: every legal action becomes a child at once, starting from the prior.
      const priors = policy.prior(state, actor, legal, rng);
      legal.forEach((action, i) => {
        const child = node(action, rules.actionKey(action), actor);
        child.visits = priorVisits;
        child.value = (priors[i] ?? 0.5) * priorVisits;
        current.children.push(child);
        current.byKey.set(child.key, child);
      });
    }
    const untried: A[] = [];
    const untriedKeys: string[] = [];
    let chosen: Node<A> | null = null;
    let bestScore = -Infinity;
    for (const action of legal) {
      const key = rules.actionKey(action);
      const child = current.byKey.get(key);
      if (child === undefined) {
        untried.push(action);
        untriedKeys.push(key);
        continue;
      }
      child.available++;
      const score = child.value / child.visits + budget.exploration * Math.sqrt(Math.log(child.available + 1) / child.visits);
      if (score > bestScore) {
        bestScore = score;
        chosen = child;
      }
    }
    if (untried.length > 0) {
      const pick = randomInt(rng, untried.length);
      const action = untried[pick] as A;
      const child = node(action, untriedKeys[pick] as string, actor);
      child.available = 1;
      current.children.push(child);
      current.byKey.set(child.key, child);
      state = rules.apply(state, action, actor).state;
      path.push(child);
      break;
    }
    const next = chosen as Node<A>;
    state = rules.apply(state, next.action as A, actor).state;
    path.push(next);
    current = next;
    // A node reached for the first time (it had only its prior) ends the walk: the rollout starts there.
    if (next.real === 0) break;
  }
  // Rollout.
  for (let step = 0; step < budget.rolloutSteps && !rules.isOver(state); step++) {
    const actor = rules.activeSeats(state)[0];
    if (actor === undefined) break;
    const legal = rules.legalActions(state, actor);
    if (legal.length === 0) break;
    const action = legal.length === 1 ? (legal[0] as A) : policy.rolloutAction(state, actor, legal, rng, budget.rolloutNoise);
    state = rules.apply(state, action, actor).state;
  }
  // Backpropagation.
  const values = policy.evaluate(state);
  for (const n of path) {
    n.visits++;
    n.real++;
    n.value += values[n.seat] ?? 0;
  }
  root.visits++;
  root.real++;
}
