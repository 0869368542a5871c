/** Tally's state, actions and options: plain JSON data. */
import type { RngState, Seat } from '../../../src/engine/index.js';

export interface TallyState {
  scores: number[];
  hands: number[][];
  removed: boolean[];
  turn: Seat;
  steps: number;
  picked: number | null;
  target: number;
  rng: RngState;
}

export type TallyAction =
  | { type: 'add'; n: 1 | 2 }
  | { type: 'draw' }
  | { type: 'play'; card: number }
  | { type: 'pick'; n: number }
  | { type: 'end' };

export interface TallyOptions {
  players: number;
  target: number;
}
