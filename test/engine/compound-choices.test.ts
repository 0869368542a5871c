/**
 * Compound choices lose no option: on turns sampled from fuzzed games, the states where the turn's
 * deterministic part ends (after a die roll, a card draw or a hand-over, or when the turn is over) are the
 * same whether the seat goes step by step or may also take the panel's compound choices, and every compound
 * choice is legal step by step and ends where its steps do.
 */
import { describe, expect, it } from 'vitest';
import { compoundChoices, seedRng, type AnyGameDefinition, type RngState, type Seat } from '../../src/engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulState } from '../../src/games/istanbul/index.js';
import { kairo, type KairoAction, type KairoState } from '../../src/games/kairo/index.js';
import { progressPick } from '../render/kairo/engine-states.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import { biasedPolicy } from '../games/istanbul/policy.js';

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

type Policy = (s: unknown, seat: Seat, legal: readonly unknown[], rng: RngState) => unknown;

function sampledDecisions(def: AnyGameDefinition, options: unknown, seed: string, policy: Policy, every: number, samples: number): { state: unknown; seat: Seat }[] {
  const parsed = def.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error);
  let state = def.setup(parsed.options, seed);
  const rng = seedRng(`sample:${seed}`);
  const out: { state: unknown; seat: Seat }[] = [];
  for (let i = 0; !def.isOver(state) && out.length < samples; i++) {
    const seat = def.activeSeats(state)[0] as Seat;
    const legal = def.legalActions(state, seat);
    if (i % every === 0) out.push({ state, seat });
    state = def.apply(state, policy(state, seat, legal, rng), seat).state;
  }
  return out;
}

const ISTANBUL = istanbul as unknown as AnyGameDefinition;
const KAIRO = kairo as unknown as AnyGameDefinition;
const istanbulPolicy = (p: typeof biasedPolicy): Policy => (s, seat, legal, rng) => p(s as IstanbulState, seat, legal as IstanbulAction[], rng);

describe('compound choices reach the same end-of-turn states as the step-by-step path', () => {
  const configs: [string, AnyGameDefinition, unknown, Policy][] = [
    ['Istanbul, 3 players', ISTANBUL, { players: 3, layout: 'short', neutralAssistants: false }, istanbulPolicy(biasedPolicy)],
    ['Istanbul, 2 players, neutral assistants', ISTANBUL, { players: 2, layout: 'random', neutralAssistants: true }, istanbulPolicy(biasedPolicy)],
    ['Letters & Seals, 4 players', ISTANBUL, { players: 4, lettersAndSeals: { cards: 'mixed' } }, istanbulPolicy(expansionPolicy)],
    ['Kairo, 3 players', KAIRO, { players: 3, start: 'quick' }, (s, seat, legal, rng) => progressPick(s as KairoState, seat, legal as KairoAction[], rng)],
  ];
  for (const [name, def, options, policy] of configs) {
    it(name, () => {
      const samples = sampledDecisions(def, options, `compound:${name}`, policy, 5, 24);
      let compounds = 0;
      for (const { state, seat } of samples) {
        compounds += compoundChoices(def, state, seat, def.legalActions(state, seat)).length;
        expect(endStates(def, state, seat, withCompound(def, seat))).toEqual(endStates(def, state, seat, stepByStep(def, seat)));
      }
      // The samples offered compound choices at all.
      expect(compounds).toBeGreaterThan(10);
    });
  }
});
