/** The bonus card piles: drawing (reshuffling the discard pile when the deck is empty) and discarding. */
import { shuffle } from '../../../engine/index.js';
import type { Tx } from './draft.js';
import type { PlayerDraft } from '../state.js';
import type { CardKind, Seat } from '../types.js';

/** A card of the kind left the hand in the open: one of the kind the table knew of is no longer known. */
function forgetOpen(p: PlayerDraft, card: CardKind): void {
  const open = p.openCards;
  if (open === undefined) return;
  const index = open.indexOf(card);
  if (index < 0) return;
  const rest = open.slice();
  rest.splice(index, 1);
  if (rest.length > 0) p.openCards = rest;
  else delete p.openCards;
}

/** Draws the top card of the deck into the seat's hand; null when no card is left anywhere. A checkpoint. */
export function drawCard(tx: Tx, seat: Seat): CardKind | null {
  if (tx.s.deck.length === 0) {
    if (tx.s.discard.length === 0) return null;
    tx.s.deck = shuffle(tx.rng(), tx.s.discard);
    tx.s.discard = [];
    // Both piles were replaced by fresh arrays: mark them as owned by this draft.
    tx.deck();
    tx.discard();
    tx.log('deckReshuffled', undefined, { cards: tx.s.deck.length });
  }
  const card = tx.deck().pop() as CardKind;
  tx.hand(seat).push(card);
  tx.checkpoint = true;
  tx.log('cardDrawn', seat, { player: seat });
  tx.log('cardDrawnPrivate', seat, { player: seat, card }, [seat]);
  return card;
}

/** Takes the top card of the face-up discard pile (Caravansary only). Public: no checkpoint. */
export function takeDiscardTop(tx: Tx, seat: Seat): CardKind {
  const card = tx.discard().pop() as CardKind;
  tx.hand(seat).push(card);
  const p = tx.player(seat);
  // Everybody saw it: it stays known to be in this hand until a card of its kind leaves it.
  p.openCards = [...(p.openCards ?? []), card];
  tx.log('cardTakenFromDiscard', seat, { player: seat, card });
  return card;
}

/** Removes one card of the kind from the hand onto the discard pile. */
export function discardFromHand(tx: Tx, seat: Seat, card: CardKind): void {
  const hand = tx.hand(seat);
  const index = hand.indexOf(card);
  if (index < 0) throw new Error(`seat ${seat} holds no ${card}`);
  hand.splice(index, 1);
  forgetOpen(tx.player(seat), card);
  tx.discard().push(card);
}

/**
 * Plays a card: out of the hand onto the discard pile, with a log line. Letters & Seals: while the card
 * "carry out the top card of the discard pile" is played (`tx.viaDiscardTop`), that card leaves the hand
 * instead and `card` (the top of the discard pile) stays where it is; the caller puts the played card on
 * the discard pile when the effect is over.
 */
export function playCard(tx: Tx, seat: Seat, card: CardKind): void {
  if (tx.viaDiscardTop) {
    const hand = tx.hand(seat);
    const index = hand.indexOf('discardTop');
    if (index < 0) throw new Error(`seat ${seat} holds no discardTop`);
    hand.splice(index, 1);
    forgetOpen(tx.player(seat), 'discardTop');
    tx.viaDiscardTop = false;
    tx.log('cardPlayedViaDiscard', seat, { player: seat, card });
    return;
  }
  discardFromHand(tx, seat, card);
  tx.log('cardPlayed', seat, { player: seat, card });
}
