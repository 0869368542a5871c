/**
 * Fountain 7: return any number of your own assistants to your merchant. No assistant is needed here and
 * no merchant is paid. In the variant only your own assistants return. All of them may come back in one choice.
 * Letters & Seals: the Fountain action may also take your companion from the general supply into your own
 * supply, or return him there from the board (once per Fountain action).
 */
import type { IstanbulAction } from '../../actions.js';
import { placesWithOwnAssistant } from '../helpers.js';
import type { IstanbulState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { PlaceId, Seat } from '../../types.js';
import { canTakeCompanion, takeCompanion } from '../letters-and-seals/companion.js';

export function fountainOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[], companionDone = false): void {
  const places = placesWithOwnAssistant(s, seat);
  for (const from of places) out.push({ type: 'fountainRecall', from });
  // Any number may come back: all of them in one choice, beside one at a time.
  if (places.length > 1) out.push({ type: 'fountainRecallAll' });
  if (!companionDone && canTakeCompanion(s, seat)) out.push({ type: 'fountainCompanion' });
}

export function fountainFrameOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const top = s.pending[s.pending.length - 1];
  fountainOptions(s, seat, out, top?.k === 'fountain' && top.companionDone === true);
  out.push({ type: 'fountainDone' });
}

/** Moves one own assistant from a place to the top of the merchant's stack (directly under the merchant). */
export function recallAssistant(tx: Tx, seat: Seat, from: PlaceId): void {
  const list = tx.assistantsAt(from);
  const index = list.indexOf(seat);
  if (index < 0) throw new Error(`seat ${seat} has no assistant on ${from}`);
  list.splice(index, 1);
  tx.stack(seat).push(seat);
}

/** After one step of the Fountain action: more to do (the 'fountain' decision), or the action is over. */
function continueFountain(tx: Tx, seat: Seat, companionDone: boolean): void {
  const more = placesWithOwnAssistant(tx.s, seat).length > 0 || (!companionDone && canTakeCompanion(tx.s, seat));
  if (!more) finishAction(tx, seat, 7);
  else if (tx.s.ls !== undefined) tx.replaceTop({ k: 'fountain', seat, companionDone });
  else tx.replaceTop({ k: 'fountain', seat });
}

export function applyFountainRecall(tx: Tx, seat: Seat, from: PlaceId): void {
  const top = tx.top();
  recallAssistant(tx, seat, from);
  tx.log('assistantRecalled', seat, { player: seat, from });
  continueFountain(tx, seat, top.k === 'fountain' && top.companionDone === true);
}

export function applyFountainRecallAll(tx: Tx, seat: Seat): void {
  const top = tx.top();
  for (const from of placesWithOwnAssistant(tx.s, seat)) {
    recallAssistant(tx, seat, from);
    tx.log('assistantRecalled', seat, { player: seat, from });
  }
  continueFountain(tx, seat, top.k === 'fountain' && top.companionDone === true);
}

export function applyFountainCompanion(tx: Tx, seat: Seat): void {
  takeCompanion(tx, seat);
  continueFountain(tx, seat, true);
}

export function applyFountainDone(tx: Tx, seat: Seat): void {
  finishAction(tx, seat, 7);
}
