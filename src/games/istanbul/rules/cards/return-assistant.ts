/** Movement card: return 1 of your assistants from any place to your merchant (in the movement phase). */
import type { IstanbulAction } from '../../actions.js';
import { placesWithOwnAssistant } from '../helpers.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { PlaceId, Seat } from '../../types.js';
import { playCard } from '../deck.js';
import { recallAssistant } from '../places/fountain.js';

export function returnAssistantOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (!(s.players[seat] as PlayerState).hand.includes('returnAssistant')) return;
  for (const from of placesWithOwnAssistant(s, seat)) out.push({ type: 'returnAssistant', from });
}

export function applyReturnAssistant(tx: Tx, seat: Seat, from: PlaceId): void {
  playCard(tx, seat, 'returnAssistant');
  recallAssistant(tx, seat, from);
  tx.log('assistantReturned', seat, { player: seat, from });
}
