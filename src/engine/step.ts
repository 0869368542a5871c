import type { ApplyResult, GameDefinition, GameEvent, Seat } from './definition.js';
import { stepError, type StepError } from './errors.js';

/** A game state with its version: the version grows by one with every applied action. */
export interface Versioned<S> {
  readonly state: S;
  readonly version: number;
}

export interface StepRequest {
  readonly seat: Seat;
  /** Untrusted: parsed by the game's `parseAction`. */
  readonly action: unknown;
  /** The version the player saw (from the button); omitted by trusted callers such as replay. */
  readonly expectedVersion?: number;
}

export interface StepSuccess<S, A> {
  readonly ok: true;
  readonly action: A;
  readonly next: Versioned<S>;
  readonly events: readonly GameEvent[];
  readonly checkpoint: boolean;
}

export type StepResult<S, A> = StepSuccess<S, A> | StepError;

/** True when `action` is a member of the seat's legal actions. */
export function isLegal<S, A>(def: GameDefinition<S, A, unknown, unknown>, state: S, seat: Seat, action: A): boolean {
  const key = def.actionKey(action);
  return def.legalActions(state, seat).some((candidate) => def.actionKey(candidate) === key);
}

/**
 * The one door into a game: checks, in order, the action's shape, that the game is not over, that the
 * seat may act, that the action is legal, and the expected version; then applies it.
 */
export function step<S, A>(
  def: GameDefinition<S, A, unknown, unknown>,
  current: Versioned<S>,
  request: StepRequest,
): StepResult<S, A> {
  const action = def.parseAction(request.action);
  if (action === null) return stepError('malformed_action', 'the action does not have the shape of an action of this game');
  if (def.isOver(current.state)) return stepError('game_over', 'the game is over');
  if (!def.activeSeats(current.state).includes(request.seat)) {
    return stepError('not_your_turn', `seat ${request.seat} has no decision to make now`);
  }
  if (!isLegal(def, current.state, request.seat, action)) {
    return stepError('illegal_action', `${def.actionKey(action)} is not a legal action for seat ${request.seat} now`);
  }
  if (request.expectedVersion !== undefined && request.expectedVersion !== current.version) {
    return stepError('stale_version', `expected version ${request.expectedVersion}, the game is at ${current.version}`);
  }
  const result: ApplyResult<S> = def.apply(current.state, action, request.seat);
  return {
    ok: true,
    action,
    next: { state: result.state, version: current.version + 1 },
    events: result.events,
    checkpoint: result.checkpoint,
  };
}
