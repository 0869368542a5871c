/** Fabric / Spice / Fruit Warehouse 2/3/4: fill that good up to capacity (then the green tile's purchase). */
import type { IstanbulAction } from '../../actions.js';
import { WAREHOUSE_GOOD } from '../../data/places.js';
import { room } from '../helpers.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { PlaceId, Seat } from '../../types.js';
import { canBuyExtraGood } from '../tiles/green-tile.js';

export function warehouseOptions(s: IstanbulState, seat: Seat, place: PlaceId, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  const good = WAREHOUSE_GOOD[place];
  if (good === undefined) return;
  if (room(p, good) > 0 || canBuyExtraGood(p)) out.push({ type: 'warehouse' });
}

export function applyWarehouse(tx: Tx, seat: Seat, place: PlaceId): void {
  const good = WAREHOUSE_GOOD[place];
  if (good === undefined) throw new Error(`place ${place} is no warehouse`);
  const p = tx.player(seat);
  const gained = room(p, good);
  p.goods[good] += gained;
  tx.log('warehouseFilled', seat, { player: seat, good, count: gained, place });
  if (canBuyExtraGood(p)) tx.replaceTop({ k: 'warehouseExtra', seat, place });
  else finishAction(tx, seat, place);
}
