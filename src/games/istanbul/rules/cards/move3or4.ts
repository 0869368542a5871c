/** Movement card: move the merchant 3 or 4 steps instead of 1 or 2 (to a place at that grid distance). */
import type { IstanbulAction } from '../../actions.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { PlaceId, Seat } from '../../types.js';
import { playCard } from '../deck.js';
import { destinations, moveMerchant } from '../turn/movement.js';

export function move3or4Options(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  if (!p.hand.includes('move3or4')) return;
  for (const to of destinations(s, p.merchant, 3, 4)) out.push({ type: 'moveFar', to });
}

export function applyMoveFar(tx: Tx, seat: Seat, to: PlaceId): void {
  playCard(tx, seat, 'move3or4');
  moveMerchant(tx, seat, to);
}
