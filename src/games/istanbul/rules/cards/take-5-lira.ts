/** Card "take 5 lira": any time in your turn. */
import type { IstanbulAction } from '../../actions.js';
import { TAKE_LIRA_CARD } from '../../data/players.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';
import { playCard } from '../deck.js';

export function take5LiraOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if ((s.players[seat] as PlayerState).hand.includes('take5Lira')) out.push({ type: 'take5Lira' });
}

export function applyTake5Lira(tx: Tx, seat: Seat): void {
  playCard(tx, seat, 'take5Lira');
  tx.player(seat).lira += TAKE_LIRA_CARD;
  tx.log('liraTaken', seat, { player: seat, lira: TAKE_LIRA_CARD });
}
