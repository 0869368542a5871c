/**
 * Caravansary 6: draw 2 bonus cards, each from the deck or the top of the face-up discard pile (only here),
 * then discard 1 card from the hand.
 */
import type { IstanbulAction } from '../../actions.js';
import { canDrawCard } from '../helpers.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { CardKind, Seat } from '../../types.js';
import { discardFromHand, drawCard, takeDiscardTop } from '../deck.js';

export function caravansaryDrawOptions(s: IstanbulState, out: IstanbulAction[]): void {
  if (canDrawCard(s)) out.push({ type: 'caravansaryDraw', from: 'deck' });
  if (s.discard.length > 0) out.push({ type: 'caravansaryDraw', from: 'discard' });
}

export function caravansaryDiscardOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const seen = new Set<CardKind>();
  for (const card of (s.players[seat] as PlayerState).hand) {
    if (seen.has(card)) continue;
    seen.add(card);
    out.push({ type: 'caravansaryDiscard', card });
  }
}

/** One draw: the first from the 'action' frame, the second from the 'caravansaryDraw' frame. */
export function applyCaravansaryDraw(tx: Tx, seat: Seat, from: 'deck' | 'discard'): void {
  const top = tx.top();
  const left = top.k === 'caravansaryDraw' ? top.left : 2;
  if (from === 'deck') drawCard(tx, seat);
  else takeDiscardTop(tx, seat);
  const remaining = left - 1;
  if (remaining > 0 && canDrawCard(tx.s)) tx.replaceTop({ k: 'caravansaryDraw', seat, left: remaining });
  else toDiscard(tx, seat);
}

function toDiscard(tx: Tx, seat: Seat): void {
  if ((tx.s.players[seat] as PlayerState).hand.length > 0) tx.replaceTop({ k: 'caravansaryDiscard', seat });
  else finishAction(tx, seat, 6);
}

export function applyCaravansaryDiscard(tx: Tx, seat: Seat, card: CardKind): void {
  discardFromHand(tx, seat, card);
  tx.log('cardDiscarded', seat, { player: seat, card });
  finishAction(tx, seat, 6);
}
