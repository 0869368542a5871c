/** The next seat still at the table. */
import type { Seat } from '../../../../src/engine/index.js';
import type { TallyState } from '../types.js';

export function nextSeat(state: TallyState, from: Seat): Seat {
  const n = state.scores.length;
  for (let i = 1; i <= n; i++) {
    const seat = (from + i) % n;
    if (!state.removed[seat]) return seat;
  }
  return from;
}
