/**
 * Compound choices: a legal action together with the steps that obviously follow it for the same seat (the
 * game's `obviousNext`), offered beside the step-by-step path so a turn takes fewer clicks. Every step is a
 * member of `legalActions` where it is taken; a chain stops where the seat has a real choice, where another
 * seat decides, and after a step that brought chance or hidden information into play (a checkpoint), so
 * nothing in it depends on what the player has not seen.
 */
import type { AnyGameDefinition, Seat } from './definition.js';

/** The most steps a chain takes (a turn of any of the games is shorter between real choices). */
export const MAX_CHAIN = 8;

/** `first` and its obvious continuation, in order (just `[first]` when nothing obviously follows). */
export function chainFrom(def: AnyGameDefinition, state: unknown, seat: Seat, first: unknown): unknown[] {
  const chain = [first];
  if (def.obviousNext === undefined) return chain;
  let current = state;
  let action = first;
  for (let i = 0; i < MAX_CHAIN; i++) {
    const result = def.apply(current, action, seat);
    current = result.state;
    if (result.checkpoint || def.isOver(current) || !def.activeSeats(current).includes(seat)) return chain;
    const next = def.obviousNext(current, seat, def.legalActions(current, seat));
    if (next === null) return chain;
    chain.push(next);
    action = next;
  }
  return chain;
}

/**
 * The seat's compound choices, in order: for each legal action, the action with each option of the decision
 * it only opens (`opensDecision`), each with its obvious continuation, or else the action with its obvious
 * continuation when something follows it. Chains of one step are left out (the step-by-step path has them).
 */
export function compoundChoices(def: AnyGameDefinition, state: unknown, seat: Seat, legal: readonly unknown[]): unknown[][] {
  const out: unknown[][] = [];
  for (const action of legal) {
    if (def.opensDecision?.(state, seat, action) === true) {
      const opened = def.apply(state, action, seat);
      if (opened.checkpoint || def.isOver(opened.state) || !def.activeSeats(opened.state).includes(seat)) continue;
      for (const next of def.legalActions(opened.state, seat)) out.push([action, ...chainFrom(def, opened.state, seat, next)]);
      continue;
    }
    const chain = chainFrom(def, state, seat, action);
    if (chain.length > 1) out.push(chain);
  }
  return out;
}
