/**
 * Fountain 7: return any number of your own assistants to your merchant. No assistant is needed here and
 * no merchant is paid. In the variant only your own assistants return.
 */
import type { IstanbulAction } from '../../actions.js';
import { placesWithOwnAssistant } from '../../helpers.js';
import type { IstanbulState } from '../../state.js';
import { finishAction } from '../../turn.js';
import type { Tx } from '../../tx.js';
import type { PlaceId, Seat } from '../../types.js';

export function fountainOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  for (const from of placesWithOwnAssistant(s, seat)) out.push({ type: 'fountainRecall', from });
}

export function fountainFrameOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  fountainOptions(s, seat, out);
  out.push({ type: 'fountainDone' });
}

/** Moves one own assistant from a place to the top of the merchant's stack (directly under the merchant). */
export function recallAssistant(tx: Tx, seat: Seat, from: PlaceId): void {
  const list = tx.assistantsAt(from);
  const index = list.indexOf(seat);
  if (index < 0) throw new Error(`seat ${seat} has no assistant on ${from}`);
  list.splice(index, 1);
  tx.player(seat).stack.push(seat);
}

export function applyFountainRecall(tx: Tx, seat: Seat, from: PlaceId): void {
  recallAssistant(tx, seat, from);
  tx.log('assistantRecalled', seat, { player: seat, from });
  if (placesWithOwnAssistant(tx.s, seat).length > 0) tx.replaceTop({ k: 'fountain', seat });
  else finishAction(tx, seat, 7);
}

export function applyFountainDone(tx: Tx, seat: Seat): void {
  finishAction(tx, seat, 7);
}
