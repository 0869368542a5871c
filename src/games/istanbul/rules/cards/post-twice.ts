/** Card "at the Post Office 5: do the action once more": right after that action, with the marker moved on. */
import type { IstanbulAction } from '../../actions.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';
import { playCard } from '../deck.js';
import { postOfficeEffect } from '../places/post-office.js';

export function postTwiceOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (s.turn.repeatPlace === 5 && (s.players[seat] as PlayerState).hand.includes('postTwice')) {
    out.push({ type: 'repeatAction', card: 'postTwice', choices: [] });
  }
}

export function applyPostTwice(tx: Tx, seat: Seat): void {
  playCard(tx, seat, 'postTwice');
  postOfficeEffect(tx, seat);
}
