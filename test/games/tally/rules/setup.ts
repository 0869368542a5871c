/** The start: every score 0, empty hands, seat 0 to play. */
import { seedRng } from '../../../../src/engine/index.js';
import type { TallyOptions, TallyState } from '../types.js';

export function setupTally(o: TallyOptions, seed: string): TallyState {
  return {
    scores: Array.from({ length: o.players }, () => 0),
    hands: Array.from({ length: o.players }, () => []),
    removed: Array.from({ length: o.players }, () => false),
    turn: 0,
    steps: 0,
    picked: null,
    target: o.target,
    rng: seedRng(seed),
  };
}
