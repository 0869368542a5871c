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
import type { Seat } from '../definition.js';
import { nextUint32, randomInt, seedRng, type RngState } from '../rng.js';
import type { GamePolicy, SearchBudget } from './policy.js';
import { chanceWorkSoFar } from './chance.js';
import { greedyIndexIn } from './greedy.js';

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
  /** Iterations this search ran (visits carried in from the previous decision not counted). */
  readonly iterations: number;
  /** The work those iterations did (see SearchBudget.maxWork). */
  readonly work?: number;
  /** Root statistics per legal action (same order): visits and mean value. */
  readonly stats: readonly { readonly visits: number; readonly value: number }[];
  /** Visits the search started with, carried from the seat's previous decision (0: a fresh tree). */
  readonly carriedVisits?: number;
  /** The part of the tree the seat's next decision may go on from, when the view after the choice is certain. */
  readonly carry?: Carry;
}

/** A node of a carried tree: key, action, seat, visits, real visits, availability, value sum, children. */
export type CarriedNode = [string, unknown, Seat, number, number, number, number, CarriedNode[]];

/**
 * The subtree below a decision's choice, handed to the same seat's next decision (plain data: it crosses
 * threads). Valid only for the view it was grown for: `viewKey` is that view's canonical JSON, known
 * because every sample gave the same view after the choice (no chance met, nothing hidden revealed); the
 * next search goes on from it only when its own view is exactly that one. A consecutive decision of one
 * turn (a place's action after the move, a card after another) then starts with the visits the previous
 * search spent on that line instead of none.
 */
export interface Carry {
  readonly seat: Seat;
  readonly viewKey: string;
  readonly tree: CarriedNode;
  /** Grown with SearchBudget.soonerWin (its values scaled). */
  readonly soonerWin?: boolean;
}

/** Samples that must agree on the view after a choice before its subtree is carried. */
const CARRY_SAMPLES = 6;

/** How often the search asks whether its choice is decided (a pass over the root's children). */
const DECIDED_CHECK_EVERY = 8;

export function searchDecision<S, A, V>(
  policy: GamePolicy<S, A, V>,
  view: V,
  seat: Seat,
  legal: readonly A[],
  budget: SearchBudget,
  seed: string,
  carry?: Carry,
): SearchResult {
  const { rules } = policy;
  const rng = seedRng(`ai:${policy.game}:${seed}`);
  const sample = policy.determinizer(view);
  // A tree grown with soonerWin holds scaled values, one without it plain ones: neither goes on in the other.
  const carried = carry === undefined || (carry.soonerWin ?? false) !== (budget.soonerWin !== undefined) ? null : carriedRoot(policy, view, seat, carry);
  const root = carried ?? node<A>(null, '', seat);
  const carriedVisits = root.real;
  const legalKeys = legal.map((a) => rules.actionKey(a));
  let iterations = carriedVisits;
  let work = 0;
  for (; iterations < budget.iterations; iterations++) {
    if (budget.maxWork !== undefined && work >= budget.maxWork) break;
    // Asked at every iteration: a budget of time is then kept to within one iteration, whatever one costs.
    if (iterations > carriedVisits && budget.shouldStop !== undefined && budget.shouldStop()) break;
    if (iterations > 0 && iterations % DECIDED_CHECK_EVERY === 0 && budget.stopWhenDecided !== false && decided(root, legalKeys, budget.iterations - iterations)) break;
    const chance = seedRng(`ai:${policy.game}:${seed}:chance:${iterations}`);
    work += iterate(policy, root, policy.reseed(sample(rng), chance), rng, budget);
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
  // A settled result: the game's end is in sight and every action tried wins all but surely, or loses so.
  // The win chance no longer tells them apart (passing looked as good as scoring), so among them the greedy
  // one-ply choice decides: the most the seat can score. soonerWin has its own way to convert a lead, and its
  // values are scaled. Before the end is in sight the greedy move may not lead to it (Kairo ends only when
  // stalls are extended), so a lead alone does not settle anything.
  if (budget.soonerWin === undefined && policy.endInSight?.(view) === true && settled(stats)) {
    const tried = legal.filter((_, i) => (stats[i] as (typeof stats)[number]).visits > 0);
    const chosen = tried[greedyIndexIn(policy, policy.reseed(sample(rng), rng), seat, tried, rng)] as A;
    best = legal.indexOf(chosen);
  }
  const out = policy.seatView === undefined ? undefined : carryOut(policy, sample, seat, root, legal[best] as A, legalKeys[best] as string, seedRng(`ai:${policy.game}:${seed}:carry`));
  const next = out === undefined || budget.soonerWin === undefined ? out : { ...out, soonerWin: true };
  return {
    index: best,
    value: (stats[best] as (typeof stats)[number]).value,
    iterations: Math.max(0, iterations - carriedVisits),
    work,
    stats,
    ...(carriedVisits > 0 ? { carriedVisits } : {}),
    ...(next === undefined ? {} : { carry: next }),
  };
}

/** The carried tree as this search's root, or null when it was grown for another view or seat. */
function carriedRoot<S, A, V>(policy: GamePolicy<S, A, V>, view: V, seat: Seat, carry: Carry): Node<A> | null {
  if (policy.seatView === undefined || carry.seat !== seat || carry.viewKey !== canonicalJson(view)) return null;
  if (carry.tree[7].some((child) => child[2] !== seat)) return null;
  // The chosen action's node becomes the root: the deciding seat's, with no action of its own.
  return { ...fromCarried<A>(carry.tree), action: null, key: '', seat };
}

function fromCarried<A>([key, action, seat, visits, real, available, value, children]: CarriedNode): Node<A> {
  const n = node<A>(action as A, key, seat);
  n.visits = visits;
  n.real = real;
  n.available = available;
  n.value = value;
  for (const child of children) {
    const rebuilt = fromCarried<A>(child);
    n.children.push(rebuilt);
    n.byKey.set(rebuilt.key, rebuilt);
  }
  return n;
}

function toCarried<A>(n: Node<A>): CarriedNode {
  return [n.key, n.action, n.seat, n.visits, n.real, n.available, n.value, n.children.map((child) => toCarried(child))];
}

/**
 * The chosen action's subtree with the view it leads to, when that view is certain: the same seat decides
 * next and every sample, each with chance of its own, shows the same view after the action.
 */
function carryOut<S, A, V>(policy: GamePolicy<S, A, V>, sample: (rng: RngState) => S, seat: Seat, root: Node<A>, action: A, key: string, rng: RngState): Carry | undefined {
  const chosen = root.byKey.get(key);
  if (chosen === undefined || chosen.real === 0 || chosen.children.length === 0 || chosen.children.some((child) => child.seat !== seat)) return undefined;
  const { rules } = policy;
  let viewKey: string | undefined;
  for (let i = 0; i < CARRY_SAMPLES; i++) {
    const chance = seedRng(`carry:${i}:${nextUint32(rng)}`);
    const after = rules.apply(policy.reseed(sample(rng), chance), action, seat).state;
    if (rules.isOver(after) || rules.activeSeats(after)[0] !== seat) return undefined;
    const key = canonicalJson((policy.seatView as (state: S, seat: Seat) => V)(after, seat));
    if (viewKey !== undefined && key !== viewKey) return undefined;
    viewKey = key;
  }
  return viewKey === undefined ? undefined : { seat, viewKey, tree: toCarried(chosen) };
}

/** JSON with every object's keys in sorted order: the same view gives the same text however it was built. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const k of Object.keys(record).sort()) {
    const v = record[k];
    if (v === undefined || typeof v === 'function') continue;
    parts.push(`${JSON.stringify(k)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}

/** How close to a sure win (or to a sure loss) every action tried must come for the result to be settled. */
const SETTLED_WITHIN = 0.01;

/** Whether every action the search tried (and at least two) has a win chance within SETTLED_WITHIN of 1, or of 0. */
function settled(stats: readonly { readonly visits: number; readonly value: number }[]): boolean {
  const values = stats.filter((s) => s.visits > 0).map((s) => s.value);
  if (values.length < 2) return false;
  return values.every((v) => v >= 1 - SETTLED_WITHIN) || values.every((v) => v <= SETTLED_WITHIN);
}

/**
 * True when the remaining iterations cannot change the choice: the choice is the most visited action, an
 * iteration adds one visit to one action, so a lead of more visits than iterations left is final. Stopping
 * there chooses exactly what the whole budget would have chosen, at a fraction of its cost where one
 * action stands out (its value and the statistics are those of the iterations run).
 */
function decided<A>(root: Node<A>, legalKeys: readonly string[], remaining: number): boolean {
  let first = 0;
  let second = 0;
  for (const key of legalKeys) {
    const visits = root.byKey.get(key)?.real ?? 0;
    if (visits > first) {
      second = first;
      first = visits;
    } else if (visits > second) second = visits;
  }
  return first - second > remaining;
}

/**
 * One iteration; returns its work: one unit for each move applied, one for each legal action the prior or
 * the rollout policy weighed (each tries the action on a copy), and one for each state those looks played
 * or reseeded on fresh chance (chance.ts): the bulk of an iteration's CPU.
 */
function iterate<S, A, V>(policy: GamePolicy<S, A, V>, root: Node<A>, start: S, rng: RngState, budget: SearchBudget): number {
  const { rules } = policy;
  const chanceBefore = chanceWorkSoFar();
  // With soonerWin every value still in play is scaled by `unfinished`: the prior and the exploration term are
  // scaled alike, so a search that meets no ended game chooses as it would without it (up to rounding).
  const scale = budget.soonerWin?.unfinished ?? 1;
  const exploration = budget.exploration * scale;
  let work = 0;
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
      work += legal.length;
      legal.forEach((action, i) => {
        const child = node(action, rules.actionKey(action), actor);
        child.visits = priorVisits;
        child.value = (priors[i] ?? 0.5) * priorVisits * scale;
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
      const score = child.value / child.visits + exploration * Math.sqrt(Math.log(child.available + 1) / child.visits);
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
      work++;
      path.push(child);
      break;
    }
    const next = chosen as Node<A>;
    state = rules.apply(state, next.action as A, actor).state;
    work++;
    path.push(next);
    current = next;
    // A node reached for the first time (it had only its prior) ends the walk: the rollout starts there.
    if (next.real === 0) break;
  }
  // Rollout.
  let moves = path.length;
  for (let step = 0; step < budget.rolloutSteps && !rules.isOver(state); step++) {
    const actor = rules.activeSeats(state)[0];
    if (actor === undefined) break;
    const legal = rules.legalActions(state, actor);
    if (legal.length === 0) break;
    const action = legal.length === 1 ? (legal[0] as A) : policy.rolloutAction(state, actor, legal, rng, budget.rolloutNoise);
    if (legal.length > 1) work += legal.length;
    state = rules.apply(state, action, actor).state;
    work++;
    moves++;
  }
  // Backpropagation.
  const evaluated = policy.evaluate(state);
  // A win within reach (SearchBudget.soonerWin): any win above any lead, a win sooner above the same win later.
  const sooner = budget.soonerWin;
  let values = evaluated;
  if (sooner !== undefined) {
    const factor = rules.isOver(state) ? sooner.unfinished + (1 - sooner.unfinished) * sooner.discount ** moves : sooner.unfinished;
    values = evaluated.map((v) => v * factor);
  }
  for (const n of path) {
    n.visits++;
    n.real++;
    n.value += values[n.seat] ?? 0;
  }
  root.visits++;
  root.real++;
  return work + chanceWorkSoFar() - chanceBefore;
}
