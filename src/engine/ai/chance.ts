/**
 * Chance for the computer players' one-ply looks (the prior and the rollout policy): an action that meets
 * chance (a die roll, a draw from the bag or a face-down pile, a reshuffle) is weighed by its mean value over a few fresh draws
 * of chance, never over the chance the state already holds, which is the very outcome that follows when the
 * action is played. The same draws serve every candidate of one decision (common random numbers), so the
 * candidates are compared on the same rolls, none of which is the sample's own.
 */
import { copyRng, nextUint32, type RngState } from '../rng.js';

/** Fresh draws of chance per decision: enough to tell a likely roll from an unlikely one. */
export const CHANCE_DRAWS = 8;

/**
 * States played or reseeded on fresh chance so far in this thread: the search counts them in its work
 * (search.ts), since an action weighed over 8 draws costs 8 plays, not one.
 */
let chanceWork = 0;

export function chanceWorkSoFar(): number {
  return chanceWork;
}

/** `count` independent PRNG states drawn from `rng`. */
export function drawChance(rng: RngState, count = CHANCE_DRAWS): RngState[] {
  return Array.from({ length: count }, () => ({ s: [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1] as [number, number, number, number] }));
}

/** Whether the PRNG moved between two states (an action that drew from it met chance). */
export function rngMoved(before: RngState, after: RngState): boolean {
  return before.s[0] !== after.s[0] || before.s[1] !== after.s[1] || before.s[2] !== after.s[2] || before.s[3] !== after.s[3];
}

/**
 * The mean of `value` over the outcomes of an action, blind to the state's own chance: `play(state)` is
 * tried on the state once; if it drew on the PRNG or from a face-down pile (`drewFaceDown`: a card, letter
 * or tile whose order nobody knows, which `reseed` deals anew), that outcome is thrown away and the value is
 * the mean over `play` on `reseed(state, draw)` for each of `draws` (a copy of each, so the draws serve again).
 */
export function meanOverChance<S extends { readonly rng: RngState }>(
  state: S,
  play: (s: S) => S,
  value: (after: S) => number,
  reseed: (s: S, rng: RngState) => S,
  draws: readonly RngState[],
  drewFaceDown: (before: S, after: S) => boolean = () => false,
): number {
  const after = play(state);
  if ((!rngMoved(state.rng, after.rng) && !drewFaceDown(state, after)) || draws.length === 0) return value(after);
  let total = 0;
  chanceWork += draws.length;
  for (const reseeded of reseededBy(draws, state, reseed)) total += value(play(reseeded));
  return total / draws.length;
}

/**
 * The state reseeded with each of `draws`, made once per state and set of draws: every candidate of a
 * decision is tried on the same draws, and reseeding (a new PRNG, the face-down piles shuffled again)
 * costs more than most actions. The same states as `reseed(state, copy of draw)` each time, since reseed is
 * a pure function of its inputs and nothing changes a state (apply copies on write).
 */
const reseededCache = new WeakMap<readonly RngState[], WeakMap<object, readonly unknown[]>>();

function reseededBy<S extends object>(draws: readonly RngState[], state: S, reseed: (s: S, rng: RngState) => S): readonly S[] {
  let byState = reseededCache.get(draws);
  if (byState === undefined) {
    byState = new WeakMap();
    reseededCache.set(draws, byState);
  }
  let reseeded = byState.get(state) as readonly S[] | undefined;
  if (reseeded === undefined) {
    reseeded = draws.map((draw) => reseed(state, copyRng(draw)));
    chanceWork += draws.length;
    byState.set(state, reseeded);
  }
  return reseeded;
}
