import type { GameDefinition, GameEvent, Seat } from './definition.js';
import { step, type Versioned } from './step.js';

export interface LoggedAction {
  readonly seat: Seat;
  readonly action: unknown;
}

export class ReplayError extends Error {
  constructor(
    readonly index: number,
    readonly code: string,
    detail: string,
  ) {
    super(`replay failed at action ${index}: ${code} (${detail})`);
    this.name = 'ReplayError';
  }
}

export interface ReplayResult<S> extends Versioned<S> {
  readonly events: readonly GameEvent[];
}

/** Rebuilds a state from its setup and action log; every action passes through `step` again. */
export function replay<S, A, O>(
  def: GameDefinition<S, A, unknown, O>,
  options: O,
  seed: string,
  actions: readonly LoggedAction[],
): ReplayResult<S> {
  let current: Versioned<S> = { state: def.setup(options, seed), version: 0 };
  const events: GameEvent[] = [];
  actions.forEach((logged, index) => {
    const result = step(def, current, { seat: logged.seat, action: logged.action });
    if (!result.ok) throw new ReplayError(index, result.code, result.detail);
    current = result.next;
    events.push(...result.events);
  });
  return { ...current, events };
}

/**
 * Whether `seat` may undo the last action of the log: only its own action, and never a checkpoint
 * (a die roll, a card draw, a hand-over to another seat). Undo removes one action at a time, so
 * repeated undo walks back to the last checkpoint of the turn and stops there.
 */
export function canUndo(log: readonly { readonly seat: Seat; readonly checkpoint: boolean }[], seat: Seat): boolean {
  const last = log[log.length - 1];
  return last !== undefined && last.seat === seat && !last.checkpoint;
}
