/** What leaves Tally's rules: the scores and hand sizes for all, a seat's own hand for that seat. */
import type { Seat } from '../../../../src/engine/index.js';

export interface TallyView {
  scores: number[];
  handSizes: number[];
  turn: Seat | null;
  hand?: number[];
}
