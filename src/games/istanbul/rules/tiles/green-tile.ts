/** Green mosque tile: when using a warehouse 2/3/4, buy 1 extra good of any colour for 2 lira. */
import type { IstanbulAction } from '../../actions.js';
import { GREEN_TILE_PRICE } from '../../data/players.js';
import { gainGood, hasRoomForAny, room } from '../helpers.js';
import type { IstanbulState, PlayerDraft, PlayerState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import { GOODS, type Good, type PlaceId, type Seat } from '../../types.js';

export function canBuyExtraGood(p: PlayerDraft): boolean {
  return p.mosqueTiles.includes('green') && p.lira >= GREEN_TILE_PRICE && hasRoomForAny(p);
}

export function extraGoodOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  if (p.lira >= GREEN_TILE_PRICE) for (const good of GOODS) if (room(p, good) > 0) out.push({ type: 'buyExtraGood', good });
  out.push({ type: 'declineExtraGood' });
}

export function applyBuyExtraGood(tx: Tx, seat: Seat, good: Good, place: PlaceId): void {
  const p = tx.player(seat);
  p.lira -= GREEN_TILE_PRICE;
  gainGood(p, good, 1);
  tx.log('extraGoodBought', seat, { player: seat, good, lira: GREEN_TILE_PRICE });
  finishAction(tx, seat, place);
}

export function applyDeclineExtraGood(tx: Tx, seat: Seat, place: PlaceId): void {
  finishAction(tx, seat, place);
}
