/**
 * Random playouts through the generic harness: 40 games per player count in the suite (FUZZ_SCALE times
 * that in `npm run fuzz`) (half with the variable
 * start, half with the quick start), every invariant after every action, JSON round trip, and the
 * replay of the whole log against the live state.
 */
import { expect } from 'vitest';
import { kairo } from '../../../src/games/kairo/index.js';
import type { KairoAction, KairoState } from '../../../src/games/kairo/types.js';
import { playout, type PlayoutContext } from '../../harness/playout.js';
import { kairoInvariants, viewInvariants } from './fuzz-invariants.js';
import { fuzzGames } from '../../support/fuzz-scale.js';

export const GAMES_PER_COUNT = fuzzGames(40);
/** No game may take more decisions than this (the longest seen are far below). */
const MAX_STEPS = 3000;

/** Plays GAMES_PER_COUNT random games for one player count (alternating the start modes). */
export function fuzzPlayerCount(players: number): void {
  let longest = 0;
  let finalPhases = 0;
  for (let i = 0; i < GAMES_PER_COUNT; i++) {
    const start = i % 2 === 0 ? 'variable' : 'quick';
    const result = playout<KairoState, KairoAction, { players: number; start: 'variable' | 'quick' }>({
      def: kairo,
      options: { players, start },
      seed: `fuzz-${players}-${i}`,
      maxSteps: MAX_STEPS,
      invariants: (state: KairoState, ctx: PlayoutContext<KairoState, KairoAction>) => {
        kairoInvariants(state, ctx);
        // Views are checked on every 25th state and at the end (they are the costliest check).
        if (ctx.stepIndex % 25 === 0 || state.phase === 'over') viewInvariants(state);
      },
    });
    expect(kairo.isOver(result.final.state)).toBe(true);
    longest = Math.max(longest, result.steps);
    if (result.final.state.players.every((p) => p.out)) finalPhases++;
  }
  expect(longest).toBeLessThan(MAX_STEPS);
  // Every game ends through the final phase: all players out.
  expect(finalPhases).toBe(GAMES_PER_COUNT);
}
