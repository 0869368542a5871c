/**
 * After moving: pick up your assistant waiting at the destination (the stack is set on top of it: it becomes
 * the bottom), or leave the bottom assistant of your stack there; if you cannot or will not, the turn ends.
 * Variant: a neutral assistant at the destination may be picked up like your own.
 */
import type { IstanbulAction } from '../../actions.js';
import { neutralAssistantAt, ownAssistantAt } from '../helpers.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { afterAssistant } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';

export function assistantOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  const own = ownAssistantAt(s, p.merchant, seat);
  if (own) out.push({ type: 'pickUpAssistant', neutral: false });
  if (s.options.neutralAssistants && neutralAssistantAt(s, p.merchant)) out.push({ type: 'pickUpAssistant', neutral: true });
  if (!own && p.stack.length > 0) out.push({ type: 'leaveAssistant' });
  out.push({ type: 'endTurn' });
}

export function applyPickUp(tx: Tx, seat: Seat, neutral: boolean): void {
  const p = tx.player(seat);
  const list = tx.assistantsAt(p.merchant);
  const owner = neutral ? 'neutral' : seat;
  const index = list.indexOf(owner);
  if (index < 0) throw new Error(`no ${neutral ? 'neutral' : 'own'} assistant on ${p.merchant}`);
  list.splice(index, 1);
  tx.stack(seat).unshift(owner);
  tx.log(neutral ? 'neutralAssistantPickedUp' : 'assistantPickedUp', seat, { player: seat, place: p.merchant });
  afterAssistant(tx, seat);
}

export function applyLeave(tx: Tx, seat: Seat): void {
  const p = tx.player(seat);
  const owner = tx.stack(seat).shift();
  if (owner === undefined) throw new Error('no assistant to leave');
  tx.assistantsAt(p.merchant).push(owner);
  tx.log(owner === 'neutral' ? 'neutralAssistantLeft' : 'assistantLeft', seat, { player: seat, place: p.merchant });
  afterAssistant(tx, seat);
}
