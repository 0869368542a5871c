/**
 * Compound choices: a legal action together with the steps that obviously follow it for the same seat (the
 * game's `obviousNext`), offered beside the step-by-step path so a turn takes fewer clicks. Every step is a
 * member of `legalActions` where it is taken; a chain stops where the seat has a real choice, where another
 * seat decides, and after a step that brought chance or hidden information into play (a checkpoint), so
 * nothing in it depends on what the player has not seen.
 */
import type { AnyGameDefinition, Seat, StepKind } from './definition.js';

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

/** A step of a compound choice with the state it is taken in (what it costs and why is read there). */
export interface CompoundStep {
  readonly action: unknown;
  readonly state: unknown;
  readonly kind: StepKind;
}

/** The steps of a compound choice taken from `state`, each with the state before it and what it achieves. */
export function compoundSteps(def: AnyGameDefinition, state: unknown, seat: Seat, steps: readonly unknown[]): CompoundStep[] {
  const out: CompoundStep[] = [];
  let current = state;
  for (const action of steps) {
    out.push({ action, state: current, kind: def.stepKind?.(current, seat, action) ?? 'action' });
    current = def.apply(current, action, seat).state;
  }
  return out;
}

/** A compound that achieves nothing: it gives up the action, or only follows, pays and ends the turn. */
export function achievesNothing(kinds: readonly StepKind[]): boolean {
  return kinds.includes('skip') || !kinds.includes('action');
}

/** A compound that pays (the other merchants) and then gives up the action it paid for: asked first. */
export function paysForNothing(kinds: readonly StepKind[]): boolean {
  const paid = kinds.indexOf('payment');
  return paid >= 0 && kinds.indexOf('skip', paid) > paid;
}

/**
 * The seat's compound choices, in order: for each legal action, the action with each option of the decision
 * it only opens (`opensDecision`), each with its obvious continuation, or else the action with its obvious
 * continuation when something follows it. Chains of one step are left out (the step-by-step path has them).
 * Those that do something come first; those that achieve nothing (skip the action, end the turn) last.
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
  if (def.stepKind === undefined) return out;
  const nothing = out.map((steps) => achievesNothing(compoundSteps(def, state, seat, steps).map((s) => s.kind)));
  return [...out.filter((_, i) => !nothing[i]), ...out.filter((_, i) => nothing[i])];
}
