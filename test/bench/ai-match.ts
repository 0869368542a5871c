/**
 * One seeded game between computer players of any kind: a level of the search, the greedy one-ply player
 * (the game's rollout policy without noise, on one determinization) or uniform random. Every player sees
 * only its seat's view. Used by the benchmark (test/bench/ai.ts) and the AI tests.
 */
import { decideWithStats, toSeatView, type GamePolicy, type Level } from '../../src/engine/ai/index.js';
import { randomInt, seedRng, type AnyGameDefinition, type Seat } from '../../src/engine/index.js';
import { istanbul } from '../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../src/games/istanbul/ai/index.js';
import { kairo } from '../../src/games/kairo/index.js';
import { kairoPolicy } from '../../src/games/kairo/ai/index.js';

export type PlayerKind = Level | 'greedy' | 'random';
export type GameVariant = 'istanbul' | 'istanbul-ls' | 'kairo';

export interface Setup {
  readonly def: AnyGameDefinition;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly policy: GamePolicy<any, any, any>;
  readonly options: unknown;
}

export function setupFor(variant: GameVariant, players: number): Setup {
  const raw =
    variant === 'kairo'
      ? { players, start: 'variable' }
      : variant === 'istanbul-ls'
        ? { players, lettersAndSeals: { cards: 'mixed' } }
        : { players };
  const def = variant === 'kairo' ? kairo : istanbul;
  const parsed = def.parseOptions(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return { def, policy: variant === 'kairo' ? kairoPolicy : istanbulPolicy, options: parsed.options };
}

export interface DecisionTiming {
  readonly kind: PlayerKind;
  /** Wall-clock time. */
  readonly ms: number;
  /** CPU time of the process (user + system): the time on one core, whatever the machine's load. */
  readonly cpuMs: number;
}

export interface MatchResult {
  /** Per seat: 1 for a win, 1/k for a k-way shared win, else 0. */
  readonly scores: readonly number[];
  readonly steps: number;
  readonly timings: readonly DecisionTiming[];
  /** The game did not end within the step limit (scored by the standings then). */
  readonly truncated: boolean;
}

export interface MatchOptions {
  readonly variant: GameVariant;
  readonly seats: readonly PlayerKind[];
  readonly seed: string;
  readonly maxSteps?: number;
  /** Overrides of the levels' iteration counts. */
  readonly iterations?: Partial<Record<Level, number>>;
}

export function chooseFor(setup: Setup, kind: PlayerKind, state: unknown, seat: Seat, seed: string, iterations?: Partial<Record<Level, number>>): number {
  const legal = setup.def.legalActions(state, seat) as readonly unknown[];
  if (legal.length === 1) return 0;
  if (kind === 'random') return randomInt(seedRng(`random:${seed}`), legal.length);
  const view = toSeatView(setup.def.view(state, seat), setup.policy.viewRules);
  if (kind === 'greedy') {
    const rng = seedRng(`greedy:${seed}`);
    const sample = setup.policy.determinizer(view)(rng);
    const chosen = setup.policy.rolloutAction(sample, seat, legal, rng, 0);
    const key = setup.def.actionKey(chosen);
    return Math.max(0, legal.findIndex((a) => setup.def.actionKey(a) === key));
  }
  const base = setup.policy.budgets[kind];
  const budget = iterations?.[kind] === undefined ? base : { ...base, iterations: iterations[kind] };
  return decideWithStats(setup.policy, view, legal, budget, seed).index;
}

export function playMatch(opts: MatchOptions): MatchResult {
  const setup = setupFor(opts.variant, opts.seats.length);
  const { def } = setup;
  let state: unknown = def.setup(setup.options, opts.seed);
  const timings: DecisionTiming[] = [];
  const maxSteps = opts.maxSteps ?? 5000;
  let steps = 0;
  for (; steps < maxSteps && !def.isOver(state); steps++) {
    const seat = def.activeSeats(state)[0] as Seat;
    const kind = opts.seats[seat] as PlayerKind;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const index = chooseFor(setup, kind, state, seat, `${opts.seed}:${steps}`, opts.iterations);
    const used = process.cpuUsage(cpu);
    // Only real searches are timed (a single legal action is answered at once).
    if ((def.legalActions(state, seat) as readonly unknown[]).length > 1) timings.push({ kind, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
    const legal = def.legalActions(state, seat) as readonly unknown[];
    state = def.apply(state, legal[index], seat).state;
  }
  const standings = def.standings(state);
  const winners = standings.filter((s) => s.rank === 1).map((s) => s.seat);
  const scores = opts.seats.map((_, seat) => (winners.includes(seat) ? 1 / winners.length : 0));
  return { scores, steps, timings, truncated: !def.isOver(state) };
}
