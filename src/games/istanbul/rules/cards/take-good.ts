/** Card "take 1 good of your choice": any time in your turn, but never during a place action. */
import type { IstanbulAction } from '../../actions.js';
import { gainGood, room } from '../helpers.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import { GOODS, type Good, type Seat } from '../../types.js';
import { playCard } from '../deck.js';

export function takeGoodOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  if (!p.hand.includes('takeGood')) return;
  for (const good of GOODS) if (room(p, good) > 0) out.push({ type: 'takeGood', good });
}

export function applyTakeGood(tx: Tx, seat: Seat, good: Good): void {
  playCard(tx, seat, 'takeGood');
  gainGood(tx.player(seat), good, 1);
  tx.log('cardGoodTaken', seat, { player: seat, good });
}
