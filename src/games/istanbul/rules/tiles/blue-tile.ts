/** Blue mosque tile: take your 5th assistant from the supply at once, under your merchant. */
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';

export function takeFifthAssistant(tx: Tx, seat: Seat): void {
  const p = tx.player(seat);
  if (p.supply <= 0) return;
  p.supply -= 1;
  tx.stack(seat).push(seat);
  tx.log('fifthAssistant', seat, { player: seat });
}
