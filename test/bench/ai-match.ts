/**
 * One seeded game between computer players of any kind: a level of the search, the greedy one-ply player
 * (the game's rollout policy without noise, on one determinization) or uniform random. Every player sees
 * only its seat's view. Used by the benchmark (test/bench/ai.ts) and the AI tests.
 */
import { budgetFor, decideWithStats, toSeatView, type Carry, type GamePolicy, type Level, type SearchBudget } from '../../src/engine/ai/index.js';
import { randomInt, seedRng, type AnyGameDefinition, type Seat, type Standing } from '../../src/engine/index.js';
import { istanbul } from '../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../src/games/istanbul/ai/index.js';
import { kairo } from '../../src/games/kairo/index.js';
import { kairoPolicy } from '../../src/games/kairo/ai/index.js';
import type { FrozenBaseline, FrozenPolicy } from './frozen-baseline.js';

/** 'baseline' is the frozen hard search (frozen-baseline.ts: the yardstick of the new one). */
export type PlayerKind = Level | 'greedy' | 'random' | 'baseline';
export type GameVariant = 'istanbul' | 'istanbul-ls' | 'kairo';

export interface Setup {
  readonly def: AnyGameDefinition;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly policy: GamePolicy<any, any, any>;
  /** The frozen baseline and its policy for the same game, when it was loaded (loadBaseline) for a baseline seat. */
  readonly baseline?: { readonly frozen: FrozenBaseline; readonly policy: FrozenPolicy };
  readonly options: unknown;
}

export function setupFor(variant: GameVariant, players: number, frozen?: FrozenBaseline): Setup {
  const raw =
    variant === 'kairo'
      ? { players, start: 'variable' }
      : variant === 'istanbul-ls'
        ? { players, lettersAndSeals: { cards: 'mixed' } }
        : { players };
  const def = variant === 'kairo' ? kairo : istanbul;
  const parsed = def.parseOptions(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return {
    def,
    policy: variant === 'kairo' ? kairoPolicy : istanbulPolicy,
    ...(frozen === undefined ? {} : { baseline: { frozen, policy: variant === 'kairo' ? frozen.kairo : frozen.istanbul } }),
    options: parsed.options,
  };
}

export interface DecisionTiming {
  readonly kind: PlayerKind;
  /** Wall-clock time. */
  readonly ms: number;
  /** CPU time of the process (user + system): the time on one core, whatever the machine's load. */
  readonly cpuMs: number;
  /** Search iterations of the decision (0 for greedy and random). */
  readonly iterations: number;
}

export interface MatchResult {
  /** Per seat: 1 for a win, 1/k for a k-way shared win, else 0. */
  readonly scores: readonly number[];
  readonly steps: number;
  readonly timings: readonly DecisionTiming[];
  /** The game did not end within the step limit (scored by the standings then). */
  readonly truncated: boolean;
  /** Each seat's final standing (rank and the game's summary: rubies and lira, Kairo's points), for --per-game. */
  readonly standings: readonly Standing[];
}

export interface MatchOptions {
  readonly variant: GameVariant;
  readonly seats: readonly PlayerKind[];
  readonly seed: string;
  readonly maxSteps?: number;
  /** Overrides of the levels' iteration counts. */
  readonly iterations?: Partial<Record<Level, number>>;
  /**
   * CPU milliseconds per decision for the searching players (levels and baseline): the search runs until
   * it has used them (the iteration count is then only a ceiling). Equal CPU, whatever each iteration costs.
   */
  readonly cpuMs?: number;
  /** Overrides of the new hard level's budget (experiments: `--hard rolloutSteps=3`). */
  readonly hardBudget?: Partial<Pick<SearchBudget, 'rolloutSteps' | 'exploration' | 'rolloutNoise' | 'priorVisits' | 'maxWork'>>;
  /** Called with every move played (in this process only: a function does not cross to a pool worker), to look at a game. */
  readonly trace?: (step: number, seat: Seat, kind: PlayerKind, state: unknown, action: unknown) => void;
}

/** A budget that stops once the decision has used `cpuMs` of CPU (process time: one game per worker). */
function cpuCapped<B extends { readonly iterations: number }>(budget: B, cpuMs: number | undefined): B {
  if (cpuMs === undefined) return budget;
  const start = process.cpuUsage();
  return {
    ...budget,
    iterations: 1_000_000,
    shouldStop: () => {
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000 >= cpuMs;
    },
  };
}

/** The setup's frozen baseline; an error if it was set up without one. */
export function frozenOf(setup: Setup): NonNullable<Setup['baseline']> {
  if (setup.baseline === undefined) throw new Error("the frozen baseline plays only in a setup given it: setupFor(variant, players, await loadBaseline())");
  return setup.baseline;
}

export function chooseFor(
  setup: Setup,
  kind: PlayerKind,
  state: unknown,
  seat: Seat,
  seed: string,
  iterations?: Partial<Record<Level, number>>,
  cpuMs?: number,
): number {
  return choose(setup, kind, state, seat, seed, iterations, cpuMs, undefined).index;
}

function choose(
  setup: Setup,
  kind: PlayerKind,
  state: unknown,
  seat: Seat,
  seed: string,
  iterations: Partial<Record<Level, number>> | undefined,
  cpuMs: number | undefined,
  carry: Carry | undefined,
  hardBudget?: MatchOptions['hardBudget'],
): { index: number; iterations: number; carry?: Carry; carried?: number } {
  const legal = setup.def.legalActions(state, seat) as readonly unknown[];
  if (legal.length === 1) return { index: 0, iterations: 0 };
  if (kind === 'random') return { index: randomInt(seedRng(`random:${seed}`), legal.length), iterations: 0 };
  const view = toSeatView(setup.def.view(state, seat), setup.policy.viewRules);
  if (kind === 'greedy') {
    const rng = seedRng(`greedy:${seed}`);
    const sample = setup.policy.determinizer(view)(rng);
    const chosen = setup.policy.rolloutAction(sample, seat, legal, rng, 0);
    const key = setup.def.actionKey(chosen);
    return { index: Math.max(0, legal.findIndex((a) => setup.def.actionKey(a) === key)), iterations: 0 };
  }
  if (kind === 'baseline') {
    // The baseline checks the view itself (its own toSeatView) and carries its own trees, as the bot did then.
    const { frozen, policy } = frozenOf(setup);
    const raw = setup.def.view(state, seat);
    const base = frozen.budgetFor(policy, 'hard', raw);
    const budget = iterations?.hard === undefined ? base : { ...base, iterations: iterations.hard };
    const r = frozen.decide(policy, raw, legal, cpuCapped(budget, cpuMs), seed, carry);
    return { index: r.index, iterations: r.iterations, ...(r.carry === undefined ? {} : { carry: r.carry as Carry }) };
  }
  const level = budgetFor(setup.policy, kind, view);
  const base = kind === 'hard' && hardBudget !== undefined ? { ...level, ...hardBudget } : level;
  const budget = iterations?.[kind] === undefined ? base : { ...base, iterations: iterations[kind] };
  // The seat's previous search hands its tree on, as the bot's computer turns do (computer-turns.ts).
  const r = decideWithStats(setup.policy, view, legal, cpuCapped(budget, cpuMs), seed, carry);
  return { index: r.index, iterations: r.iterations, ...(r.carry === undefined ? {} : { carry: r.carry }), ...(r.carriedVisits === undefined ? {} : { carried: r.carriedVisits }) };
}

/** One game; `frozen` (loadBaseline) is needed when a seat is 'baseline'. */
export function playMatch(opts: MatchOptions, frozen?: FrozenBaseline): MatchResult {
  const setup = setupFor(opts.variant, opts.seats.length, frozen);
  const { def } = setup;
  let state: unknown = def.setup(setup.options, opts.seed);
  const timings: DecisionTiming[] = [];
  const maxSteps = opts.maxSteps ?? 5000;
  const carries: (Carry | undefined)[] = opts.seats.map(() => undefined);
  let steps = 0;
  for (; steps < maxSteps && !def.isOver(state); steps++) {
    const seat = def.activeSeats(state)[0] as Seat;
    const kind = opts.seats[seat] as PlayerKind;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { index, iterations, carry } = choose(setup, kind, state, seat, `${opts.seed}:${steps}`, opts.iterations, opts.cpuMs, carries[seat], opts.hardBudget);
    carries[seat] = carry;
    const used = process.cpuUsage(cpu);
    // Only real searches are timed (a single legal action is answered at once).
    if ((def.legalActions(state, seat) as readonly unknown[]).length > 1) timings.push({ kind, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, iterations });
    const legal = def.legalActions(state, seat) as readonly unknown[];
    opts.trace?.(steps, seat, kind, state, legal[index]);
    state = def.apply(state, legal[index], seat).state;
  }
  const standings = def.standings(state);
  const winners = standings.filter((s) => s.rank === 1).map((s) => s.seat);
  const scores = opts.seats.map((_, seat) => (winners.includes(seat) ? 1 / winners.length : 0));
  return { scores, steps, timings, truncated: !def.isOver(state), standings };
}
