/**
 * Compound choices lose no option: on turns sampled from seeded games, the states where the turn's
 * deterministic part ends (after a die roll, a card draw or a hand-over, or when the turn is over) are the
 * same whether the seat goes step by step or may also take the panel's compound choices, and every compound
 * choice is legal step by step and ends where its steps do. (Only a game with `obviousNext` or
 * `opensDecision` makes compound choices.)
 */
import { describe, expect, it } from 'vitest';
import { compoundChoices, type AnyGameDefinition, type Seat } from '../../src/engine/index.js';
import { SPREAD_TABLES, playedGame } from './games.js';

const MAX_STATES = 20_000;

/** The end states of the deterministic part of `seat`'s decisions from `start`, by the choices `choices` offers. */
function endStates(def: AnyGameDefinition, start: unknown, seat: Seat, choices: (state: unknown) => unknown[][]): Set<string> {
  const ends = new Set<string>();
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const state = queue.pop();
    for (const steps of choices(state)) {
      let current = state;
      let ended = false;
      for (const action of steps) {
        expect(def.legalActions(current, seat).map((a) => def.actionKey(a))).toContain(def.actionKey(action));
        const result = def.apply(current, action, seat);
        current = result.state;
        ended = result.checkpoint || def.isOver(current) || !def.activeSeats(current).includes(seat);
      }
      const key = JSON.stringify(current);
      if (ended) ends.add(key);
      else if (!seen.has(key)) {
        seen.add(key);
        queue.push(current);
      }
      if (seen.size > MAX_STATES) throw new Error('the sampled turn is too large to explore');
    }
  }
  return ends;
}

function stepByStep(def: AnyGameDefinition, seat: Seat): (state: unknown) => unknown[][] {
  return (state) => def.legalActions(state, seat).map((a) => [a]);
}

function withCompound(def: AnyGameDefinition, seat: Seat): (state: unknown) => unknown[][] {
  return (state) => {
    const legal = def.legalActions(state, seat);
    return [...compoundChoices(def, state, seat, legal), ...legal.map((a) => [a])];
  };
}

const COMPOUND_TABLES = SPREAD_TABLES.filter(({ game }) => game.def.obviousNext !== undefined || game.def.opensDecision !== undefined);

describe.each(COMPOUND_TABLES.map((table) => [table.name, table] as const))('%s', (_name, table) => {
  const { def } = table.game;

  it('compound choices reach the same end-of-turn states as the step-by-step path, on every fifth decision of a seeded game (16 of them)', () => {
    const game = playedGame(table);
    const samples = game.steps.flatMap(({ seat }, index) => (index % 5 === 0 ? [{ state: game.states[index], seat }] : [])).slice(0, 16);
    let compounds = 0;
    for (const { state, seat } of samples) {
      compounds += compoundChoices(def, state, seat, def.legalActions(state, seat)).length;
      expect(endStates(def, state, seat, withCompound(def, seat))).toEqual(endStates(def, state, seat, stepByStep(def, seat)));
    }
    // The samples offered compound choices at all.
    expect(compounds).toBeGreaterThan(10);
  });
});
