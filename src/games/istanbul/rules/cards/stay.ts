/** Movement card "stay": the merchant stays where it is; an assistant must still be used (except at the Fountain). */
import type { IstanbulAction } from '../../actions.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { afterMove } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';
import { playCard } from '../deck.js';

export function stayOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if ((s.players[seat] as PlayerState).hand.includes('stay')) out.push({ type: 'stay' });
}

export function applyStay(tx: Tx, seat: Seat): void {
  playCard(tx, seat, 'stay');
  const place = (tx.s.players[seat] as PlayerState).merchant;
  tx.s.lastMove = { seat, from: place, to: place };
  tx.log('stayed', seat, { player: seat, place });
  afterMove(tx, seat);
}
