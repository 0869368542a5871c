/**
 * Random-playout fuzz through the generic harness (test/harness/playout.ts): complete games with the
 * Istanbul invariants at every step, the JSON round trip (harness) and the replay of the log (harness).
 */
import { expect } from 'vitest';
import { istanbul, type IstanbulAction, type IstanbulOptions, type IstanbulState } from '../../../../src/games/istanbul/index.js';
import { playout } from '../../../harness/playout.js';
import { checkIstanbulInvariants, checkViews } from '../invariants.js';
import { biasedPolicy } from '../policy.js';
import { fuzzGames } from '../../../support/fuzz-scale.js';

/** 40 in the suite (every layout 8 times, random 16, the variant on half), FUZZ_SCALE times that in `npm run fuzz`. */
export const GAMES_PER_COUNT = fuzzGames(40);
/** No game may take longer than this many decisions. */
export const MAX_STEPS = 20_000;

/** GAMES_PER_COUNT configurations: every layout (random twice as often), the variant on every other game (2–4 players). */
export function configs(players: number): IstanbulOptions[] {
  const layouts = ['short', 'long', 'inOrder', 'random', 'random'] as const;
  return Array.from({ length: GAMES_PER_COUNT }, (_, i) => ({
    players,
    layout: layouts[i % layouts.length] as IstanbulOptions['layout'],
    neutralAssistants: players <= 4 && i % 2 === 1,
  }));
}

export function runGame(options: IstanbulOptions, seed: string, policy = biasedPolicy): number {
  const result = playout<IstanbulState, IstanbulAction, IstanbulOptions>({
    def: istanbul,
    options,
    seed,
    maxSteps: MAX_STEPS,
    policy,
    invariants: (state, ctx) => {
      checkIstanbulInvariants(state);
      // The views are pure functions of the state: checked at a sample of the steps and at the end.
      if (ctx.stepIndex % 50 === 0 || istanbul.isOver(state)) checkViews(state);
    },
  });
  expect(istanbul.isOver(result.final.state)).toBe(true);
  return result.steps;
}

export function runCount(players: number): void {
  let steps = 0;
  const layouts = new Set<string>();
  let variant = 0;
  configs(players).forEach((options, i) => {
    steps += runGame(options, `fuzz-${players}-${i}`);
    layouts.add(options.layout);
    if (options.neutralAssistants) variant++;
  });
  expect(layouts.size).toBe(4);
  if (players <= 4) expect(variant).toBe(GAMES_PER_COUNT / 2);
  expect(steps).toBeGreaterThan(GAMES_PER_COUNT * 50);
}
