/**
 * Phase 2: pay 2 lira to every other merchant at the destination (not at the Fountain), or the turn ends.
 * 2 players: a neutral merchant is paid to the supply and then re-rolled with 2d6.
 * Letters & Seals: a merchant or a companion also pays 2 lira for each other player's companion there; the
 * merchant chosen with the card "move to an opponent's merchant" is not paid.
 */
import type { IstanbulAction } from '../../actions.js';
import { MERCHANT_FEE } from '../../data/players.js';
import { actorPlace, neutralMerchantsAt, payees } from '../helpers.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { enterAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';
import { rerollNeutralMerchantsAt } from '../encounters/neutral-merchants.js';

export function merchantFee(s: IstanbulState, seat: Seat): number {
  const place = actorPlace(s, seat);
  const due = payees(s, place, seat);
  return MERCHANT_FEE * (due.merchants.length + due.companions.length + neutralMerchantsAt(s, place));
}

export function payOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if ((s.players[seat] as PlayerState).lira >= merchantFee(s, seat)) out.push({ type: 'payMerchants' });
  out.push({ type: 'endTurn' });
}

export function applyPayMerchants(tx: Tx, seat: Seat): void {
  const place = actorPlace(tx.s, seat);
  const due = payees(tx.s, place, seat);
  const payer = tx.player(seat);
  for (const other of due.merchants) {
    payer.lira -= MERCHANT_FEE;
    tx.player(other).lira += MERCHANT_FEE;
    tx.log('merchantPaid', seat, { player: seat, other, lira: MERCHANT_FEE });
  }
  for (const other of due.companions) {
    payer.lira -= MERCHANT_FEE;
    tx.player(other).lira += MERCHANT_FEE;
    tx.log('companionPaid', seat, { player: seat, other, lira: MERCHANT_FEE });
  }
  rerollNeutralMerchantsAt(tx, seat, place);
  enterAction(tx, seat, place);
}
