/**
 * Card "send your family member to the Police Station 12 and take the capture reward" (1 card or 3 lira);
 * not playable when the family member is already there.
 */
import type { IstanbulAction } from '../../actions.js';
import { POLICE_STATION } from '../../data/places.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { CaptureReward, Seat } from '../../types.js';
import { playCard } from '../deck.js';
import { takeReward } from '../encounters/captures.js';

export function familyToPoliceOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  if (!p.hand.includes('familyToPolice') || p.family === POLICE_STATION) return;
  // The card goes to the discard pile before the reward: a card reward can always be drawn then.
  for (const reward of ['card', 'lira'] as const) out.push({ type: 'familyToPolice', reward });
}

export function applyFamilyToPolice(tx: Tx, seat: Seat, reward: CaptureReward): void {
  playCard(tx, seat, 'familyToPolice');
  const from = (tx.s.players[seat] as PlayerState).family;
  tx.player(seat).family = POLICE_STATION;
  tx.log('familyReturned', seat, { player: seat, place: from, reward });
  takeReward(tx, seat, reward);
}
