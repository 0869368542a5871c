/**
 * Letters & Seals, the Courier: an encounter in phase 4 (like the Governor and the Smuggler): he gives 1 letter
 * for 2 lira or for a discarded letter; then he is re-rolled with 2d6. The payment comes first (so a letter
 * can be paid even when the letter piles are empty: it is the one drawn again). The card "use the Governor,
 * Smuggler or Courier" uses him wherever he stands.
 */
import type { IstanbulAction } from '../../actions.js';
import { COURIER_FEE } from '../../data/letters-and-seals.js';
import type { Frame, IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { LetterRef, Seat } from '../../types.js';
import { canDrawLetter, discardLetter, drawLetter, letterRefs } from './letters.js';

/** The ways to pay the Courier: 2 lira (null) when a letter can be drawn, or any letter held. */
export function courierPayments(s: IstanbulState, seat: Seat): (LetterRef | null)[] {
  const out: (LetterRef | null)[] = [];
  if ((s.players[seat] as PlayerState).lira >= COURIER_FEE && canDrawLetter(s)) out.push(null);
  out.push(...letterRefs(s, seat));
  return out;
}

export function courierOptions(s: IstanbulState, frame: Extract<Frame, { k: 'encounters' }>, out: IstanbulAction[]): void {
  if (frame.courier !== true) return;
  for (const letter of courierPayments(s, frame.seat)) out.push({ type: 'courier', letter });
}

/** Pays, takes the letter, re-rolls the Courier. */
export function useCourier(tx: Tx, seat: Seat, letter: LetterRef | null): void {
  if (letter === null) {
    tx.player(seat).lira -= COURIER_FEE;
    tx.log('courierPaidLira', seat, { player: seat, lira: COURIER_FEE });
  } else {
    discardLetter(tx, seat, letter);
  }
  tx.log('courierUsed', seat, { player: seat });
  drawLetter(tx, seat);
  const dice = tx.roll2d6(seat, 'courier');
  tx.ls().courier = dice[0] + dice[1];
  tx.log('courierMoved', seat, { die1: dice[0], die2: dice[1], to: dice[0] + dice[1] });
}

export function applyCourier(tx: Tx, seat: Seat, letter: LetterRef | null): void {
  const frame = tx.top();
  if (frame.k !== 'encounters') throw new Error('no encounters pending');
  tx.replaceTop({ ...frame, courier: false });
  tx.s.turn.repeatPlace = null;
  useCourier(tx, seat, letter);
}
