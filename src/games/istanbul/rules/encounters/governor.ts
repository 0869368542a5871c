/**
 * Phase 4, the Governor (optional): draw 1 bonus card, then pay 2 lira or discard 1 card from the hand (the
 * drawn one too); then the Governor is re-rolled with 2d6.
 */
import type { IstanbulAction } from '../../actions.js';
import { ENCOUNTER_FEE } from '../../data/players.js';
import { canDrawCard } from '../helpers.js';
import type { Frame, IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { CardKind, Seat } from '../../types.js';
import { discardFromHand, drawCard } from '../deck.js';

export function governorOptions(s: IstanbulState, frame: Extract<Frame, { k: 'encounters' }>, out: IstanbulAction[]): void {
  if (frame.governor && canDrawCard(s)) out.push({ type: 'governor' });
}

export function governorPayOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  if (p.lira >= ENCOUNTER_FEE) out.push({ type: 'governorPay', card: null });
  const seen = new Set<CardKind>();
  for (const card of p.hand) {
    if (seen.has(card)) continue;
    seen.add(card);
    out.push({ type: 'governorPay', card });
  }
}

export function applyGovernor(tx: Tx, seat: Seat): void {
  const frame = tx.top();
  if (frame.k !== 'encounters') throw new Error('no encounters pending');
  tx.replaceTop({ ...frame, governor: false });
  tx.s.turn.repeatPlace = null;
  tx.log('governorUsed', seat, { player: seat });
  drawCard(tx, seat);
  tx.push({ k: 'governorPay', seat });
}

export function applyGovernorPay(tx: Tx, seat: Seat, card: CardKind | null): void {
  if (card === null) {
    tx.player(seat).lira -= ENCOUNTER_FEE;
    tx.log('governorPaidLira', seat, { player: seat, lira: ENCOUNTER_FEE });
  } else {
    discardFromHand(tx, seat, card);
    tx.log('governorPaidCard', seat, { player: seat, card });
  }
  const dice = tx.roll2d6(seat, 'governor');
  tx.s.governor = dice[0] + dice[1];
  tx.log('governorMoved', seat, { die1: dice[0], die2: dice[1], to: tx.s.governor });
  tx.pop();
}
