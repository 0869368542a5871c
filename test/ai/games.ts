/** States of the games the computer players play, reached by seeded play, and the tests' search budgets. */
import { randomInt, seedRng, type AnyGameDefinition, type Seat } from '../../src/engine/index.js';
import { setupFor, type GameVariant } from '../bench/ai-match.js';

/**
 * Tiny search budgets: enough to exercise every part of the search (sampling, selection, expansion, a rollout
 * of the game's policy, backup), fast enough for every state of a game. Two rollout steps, not four: the
 * rollouts were most of the AI fuzz test's time, and the states they reach matter less than the fuzzers'.
 */
export const TINY = { iterations: 6, rolloutSteps: 2, exploration: 0.5, rolloutNoise: 0.2 } as const;
export const SMALL = { iterations: 40, rolloutSteps: 8, exploration: 0.5, rolloutNoise: 0.1, priorVisits: 4 } as const;

/**
 * Plays `steps` uniformly random actions from the setup, then on until `accept` holds for the state and its
 * active seat (with a choice of at least two actions); returns that state.
 */
export function reachState(
  variant: GameVariant,
  players: number,
  seed: string,
  steps: number,
  accept: (state: unknown, seat: Seat) => boolean = () => true,
): { def: AnyGameDefinition; state: unknown; seat: Seat } {
  const setup = setupFor(variant, players);
  const { def } = setup;
  let state: unknown = def.setup(setup.options, seed);
  const rng = seedRng(`reach:${seed}`);
  for (let i = 0; i < 5000 && !def.isOver(state); i++) {
    const seat = def.activeSeats(state)[0] as Seat;
    const legal = def.legalActions(state, seat) as readonly unknown[];
    if (i >= steps && legal.length >= 2 && accept(state, seat)) return { def, state, seat };
    state = def.apply(state, legal[randomInt(rng, legal.length)], seat).state;
  }
  throw new Error(`no accepted state for ${variant} ${seed}`);
}
