/**
 * Phase 4, other families: every other player's family member at the merchant's place must be captured and
 * sent to the Police Station 12 (not when the merchant is at the Police Station); each capture gives 1 bonus
 * card or 3 lira. Also the reward of the "family member to the Police Station" card.
 */
import type { IstanbulAction } from '../../actions.js';
import { CAPTURE_LIRA } from '../../data/players.js';
import { POLICE_STATION } from '../../data/places.js';
import { canDrawCard } from '../helpers.js';
import type { Frame, IstanbulState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { CaptureReward, Seat } from '../../types.js';
import { drawCard } from '../deck.js';

export function rewardOptions(s: IstanbulState): CaptureReward[] {
  return canDrawCard(s) ? ['card', 'lira'] : ['lira'];
}

export function captureOptions(s: IstanbulState, frame: Extract<Frame, { k: 'encounters' }>, out: IstanbulAction[]): void {
  const rewards = rewardOptions(s);
  for (const seat of frame.captures) for (const reward of rewards) out.push({ type: 'capture', seat, reward });
}

export function takeReward(tx: Tx, seat: Seat, reward: CaptureReward): void {
  if (reward === 'card') drawCard(tx, seat);
  else tx.player(seat).lira += CAPTURE_LIRA;
}

export function applyCapture(tx: Tx, seat: Seat, captured: Seat, reward: CaptureReward): void {
  const frame = tx.top();
  if (frame.k !== 'encounters') throw new Error('no encounters pending');
  const from = (tx.s.players[captured] as { family: number }).family;
  tx.player(captured).family = POLICE_STATION;
  tx.s.turn.repeatPlace = null;
  tx.replaceTop({ ...frame, captures: frame.captures.filter((c) => c !== captured) });
  tx.log('familyCaptured', seat, { player: seat, other: captured, place: from, reward });
  takeReward(tx, seat, reward);
}
