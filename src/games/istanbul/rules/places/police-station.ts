/**
 * Police Station 12: if your family member is there, send it to any place and do that place's action there.
 * The family member has no encounters.
 */
import type { IstanbulAction } from '../../actions.js';
import { POLICE_STATION } from '../../data/places.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { PlaceId, Seat } from '../../types.js';

export function policeOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if ((s.players[seat] as PlayerState).family !== POLICE_STATION) return;
  for (const to of s.cells) if (to !== POLICE_STATION) out.push({ type: 'police', to });
}

export function applyPolice(tx: Tx, seat: Seat, to: PlaceId): void {
  tx.player(seat).family = to;
  tx.log('familySent', seat, { player: seat, to });
  tx.replaceTop({ k: 'action', seat, place: to, family: true });
}
