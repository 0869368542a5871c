/**
 * Compound choices lose no option: on turns sampled from fuzzed games, the states where the turn's
 * deterministic part ends (after a die roll, a card draw or a hand-over, or when the turn is over) are the
 * same whether the seat goes step by step or may also take the panel's compound choices, and every compound
 * choice is legal step by step and ends where its steps do.
 */
import { describe, expect, it } from 'vitest';
import { chainFrom, seedRng, type AnyGameDefinition, type RngState, type Seat } from '../../src/engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulState } from '../../src/games/istanbul/index.js';
import { istanbulActionKey } from '../../src/games/istanbul/actions.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import { biasedPolicy } from '../games/istanbul/policy.js';

const def = istanbul as unknown as AnyGameDefinition;
const MAX_STATES = 20_000;

/** The end states of the deterministic part of `seat`'s decisions from `start`, by the choices `choices` offers. */
function endStates(start: unknown, seat: Seat, choices: (state: unknown) => unknown[][]): Set<string> {
  const ends = new Set<string>();
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const state = queue.pop();
    for (const steps of choices(state)) {
      let current = state;
      let ended = false;
      for (const action of steps) {
        expect(def.legalActions(current, seat).map((a) => istanbulActionKey(a as IstanbulAction))).toContain(istanbulActionKey(action as IstanbulAction));
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

function stepByStep(seat: Seat): (state: unknown) => unknown[][] {
  return (state) => def.legalActions(state, seat).map((a) => [a]);
}

function withCompound(seat: Seat): (state: unknown) => unknown[][] {
  return (state) => {
    const legal = def.legalActions(state, seat);
    const chains = legal.map((a) => chainFrom(def, state, seat, a)).filter((c) => c.length > 1);
    return [...chains, ...legal.map((a) => [a])];
  };
}

type Policy = (s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[], rng: RngState) => IstanbulAction;

function sampledDecisions(options: unknown, seed: string, policy: Policy, every: number, samples: number): { state: IstanbulState; seat: Seat }[] {
  const parsed = istanbul.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error);
  let state = istanbul.setup(parsed.options, seed);
  const rng = seedRng(`sample:${seed}`);
  const out: { state: IstanbulState; seat: Seat }[] = [];
  for (let i = 0; !istanbul.isOver(state) && out.length < samples; i++) {
    const seat = istanbul.activeSeats(state)[0] as Seat;
    const legal = istanbul.legalActions(state, seat);
    if (i % every === 0) out.push({ state, seat });
    state = istanbul.apply(state, policy(state, seat, legal, rng), seat).state;
  }
  return out;
}

describe('compound choices reach the same end-of-turn states as the step-by-step path', () => {
  const configs: [string, unknown, Policy][] = [
    ['Istanbul, 3 players', { players: 3, layout: 'short', neutralAssistants: false }, biasedPolicy],
    ['Istanbul, 2 players, neutral assistants', { players: 2, layout: 'random', neutralAssistants: true }, biasedPolicy],
    ['Letters & Seals, 4 players', { players: 4, lettersAndSeals: { cards: 'mixed' } }, expansionPolicy],
  ];
  for (const [name, options, policy] of configs) {
    it(name, () => {
      const samples = sampledDecisions(options, `compound:${name}`, policy, 5, 24);
      let compounds = 0;
      for (const { state, seat } of samples) {
        const legal = def.legalActions(state, seat);
        compounds += legal.filter((a) => chainFrom(def, state, seat, a).length > 1).length;
        expect(endStates(state, seat, withCompound(seat))).toEqual(endStates(state, seat, stepByStep(seat)));
      }
      // The samples offered compound choices at all.
      expect(compounds).toBeGreaterThan(10);
    });
  }
});
