/**
 * A generic random-playout harness: any game plugs in with its own invariants. At every step it checks
 * what holds for every game (someone can act until the end, each active seat has a legal action,
 * `step` accepts every legal action, the state survives a JSON round trip), then the game's invariants.
 * At the end it replays the log and compares with the live state.
 */
import {
  replay,
  seedRng,
  randomInt,
  step,
  type GameDefinition,
  type GameEvent,
  type LoggedAction,
  type RngState,
  type Seat,
  type Versioned,
} from '../../src/engine/index.js';

export interface PlayoutContext<S, A> {
  readonly stepIndex: number;
  readonly previous: S | null;
  readonly lastAction: { seat: Seat; action: A } | null;
  readonly events: readonly GameEvent[];
}

export interface PlayoutOptions<S, A, O> {
  readonly def: GameDefinition<S, A, unknown, O>;
  readonly options: O;
  readonly seed: string;
  /** Fails the playout when the game has not ended after this many actions. */
  readonly maxSteps: number;
  /** Chooses among the legal actions; default uniform random. */
  readonly policy?: (state: S, seat: Seat, legal: readonly A[], rng: RngState) => A;
  /** Throws (e.g. with `expect`) when an invariant is broken. */
  readonly invariants?: (state: S, context: PlayoutContext<S, A>) => void;
  /** JSON round trip at every step (default true). */
  readonly checkJsonRoundTrip?: boolean;
  /** Replay the whole log at the end and compare (default true). */
  readonly checkReplay?: boolean;
}

export interface PlayoutResult<S> {
  readonly final: Versioned<S>;
  readonly log: readonly LoggedAction[];
  readonly steps: number;
}

export class PlayoutFailure extends Error {
  constructor(seed: string, stepIndex: number, reason: string) {
    super(`playout seed=${seed} step=${stepIndex}: ${reason}`);
    this.name = 'PlayoutFailure';
  }
}

const FULL_JSON_CHECK_EVERY = 100;

function survivesJson(value: unknown): boolean {
  const text = JSON.stringify(value);
  return JSON.stringify(JSON.parse(text)) === text;
}

/**
 * Where `value` would not come back equal from a JSON round trip (undefined, a function, NaN, a class
 * instance, a Map...), or null. Objects in `trusted` were checked before and are skipped: game states
 * are immutable and share their unchanged parts, so each step only walks what changed.
 */
export function jsonProblem(value: unknown, trusted: WeakSet<object>, path: string): string | null {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return null;
    case 'number':
      return Number.isFinite(value) ? null : `${path} is ${value}`;
    case 'object': {
      if (value === null || trusted.has(value)) return null;
      const proto = Object.getPrototypeOf(value) as unknown;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const problem = jsonProblem(value[i], trusted, `${path}[${i}]`);
          if (problem !== null) return problem;
        }
      } else if (proto === Object.prototype || proto === null) {
        for (const key of Object.keys(value)) {
          const problem = jsonProblem((value as Record<string, unknown>)[key], trusted, `${path}.${key}`);
          if (problem !== null) return problem;
        }
      } else {
        return `${path} is not a plain object`;
      }
      trusted.add(value);
      return null;
    }
    default:
      return `${path} is ${typeof value}`;
  }
}

export const uniformPolicy = <S, A>(_s: S, _seat: Seat, legal: readonly A[], rng: RngState): A =>
  legal[randomInt(rng, legal.length)] as A;

export function playout<S, A, O>(opts: PlayoutOptions<S, A, O>): PlayoutResult<S> {
  const { def, seed } = opts;
  const policy = opts.policy ?? uniformPolicy;
  const policyRng = seedRng(`policy:${seed}`);
  let current: Versioned<S> = { state: def.setup(opts.options, seed), version: 0 };
  const log: LoggedAction[] = [];
  let previous: S | null = null;
  let lastAction: { seat: Seat; action: A } | null = null;
  let events: readonly GameEvent[] = [];

  const jsonSafe = new WeakSet<object>();
  for (let index = 0; ; index++) {
    const state = current.state;
    if (opts.checkJsonRoundTrip !== false) {
      const problem = jsonProblem(state, jsonSafe, 'state');
      if (problem !== null) throw new PlayoutFailure(seed, index, `state does not survive JSON: ${problem}`);
      // The walk trusts objects it has seen before (states share unchanged parts); a full round trip now
      // and then catches an object changed after it was checked.
      if (index % FULL_JSON_CHECK_EVERY === 0 && !survivesJson(state)) throw new PlayoutFailure(seed, index, 'state does not survive JSON');
    }
    opts.invariants?.(state, { stepIndex: index, previous, lastAction, events });
    if (def.isOver(state)) break;
    if (index >= opts.maxSteps) throw new PlayoutFailure(seed, index, `game not over after ${opts.maxSteps} actions`);

    const active = def.activeSeats(state);
    if (active.length === 0) throw new PlayoutFailure(seed, index, 'nobody can act but the game is not over');
    for (const seat of active) {
      if (def.legalActions(state, seat).length === 0) throw new PlayoutFailure(seed, index, `active seat ${seat} has no legal action`);
    }
    const seat = active[randomInt(policyRng, active.length)] as Seat;
    const legal = def.legalActions(state, seat);
    const action = policy(state, seat, legal, policyRng);
    // Through the JSON wire, as a button or the database would deliver it.
    const wire: unknown = JSON.parse(JSON.stringify(action));
    let result;
    try {
      result = step(def, current, { seat, action: wire, expectedVersion: current.version });
    } catch (error) {
      throw new PlayoutFailure(seed, index, `apply threw on ${def.actionKey(action)}: ${(error as Error).stack ?? String(error)}`);
    }
    if (!result.ok) throw new PlayoutFailure(seed, index, `step refused a legal action ${def.actionKey(action)}: ${result.code}`);
    previous = state;
    lastAction = { seat, action };
    events = result.events;
    log.push({ seat, action: wire });
    current = result.next;
  }

  if (opts.checkJsonRoundTrip !== false && !survivesJson(current.state)) {
    throw new PlayoutFailure(seed, log.length, 'final state does not survive JSON');
  }
  if (opts.checkReplay !== false) {
    const replayed = replay(def, opts.options, seed, log);
    if (JSON.stringify(replayed.state) !== JSON.stringify(current.state)) {
      throw new PlayoutFailure(seed, log.length, 'replay of the log differs from the live state');
    }
  }
  return { final: current, log, steps: log.length };
}
