/** 2 players: meeting a neutral merchant costs 2 lira to the supply; then it is re-rolled with 2d6. */
import { MERCHANT_FEE } from '../../data/players.js';
import type { Tx } from '../draft.js';
import type { PlaceId, Seat } from '../../types.js';

export function rerollNeutralMerchantsAt(tx: Tx, seat: Seat, place: PlaceId): void {
  const count = tx.s.neutralMerchants.filter((m) => m === place).length;
  if (count === 0) return;
  const merchants = tx.neutralMerchants();
  for (let i = 0; i < merchants.length; i++) {
    if (merchants[i] !== place) continue;
    tx.player(seat).lira -= MERCHANT_FEE;
    const dice = tx.roll2d6(seat, 'neutralMerchant');
    const to = dice[0] + dice[1];
    merchants[i] = to;
    tx.log('neutralMerchantPaid', seat, {
      player: seat,
      lira: MERCHANT_FEE,
      colour: tx.s.neutralColours[i] as string,
      die1: dice[0],
      die2: dice[1],
      to,
    });
  }
}
