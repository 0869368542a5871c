/**
 * Small Market 11 / Great Market 10: sell 1–5 of the goods shown on the top demand tile (each shown good at
 * most once), paid by the table; then the tile goes under its stack. With the Small Market card: any goods.
 */
import type { IstanbulAction } from '../../actions.js';
import {
  GREAT_MARKET_PAYOUT,
  GREAT_MARKET_TILES,
  MAX_GOODS_SOLD,
  SMALL_MARKET_PAYOUT,
  SMALL_MARKET_TILES,
} from '../../data/demand-tiles.js';
import { GREAT_MARKET, SMALL_MARKET } from '../../data/places.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Goods, PlaceId, Seat } from '../../types.js';
import { canUseSmallMarketCard } from '../cards/small-market-any.js';
import { playCard } from '../deck.js';

export function demandTile(s: IstanbulState, place: PlaceId): Goods {
  const stack = place === SMALL_MARKET ? s.smallMarket : s.greatMarket;
  const tiles = place === SMALL_MARKET ? SMALL_MARKET_TILES : GREAT_MARKET_TILES;
  return tiles[stack[0] as number] as Goods;
}

export function marketPayout(place: PlaceId, sold: number): number {
  const table = place === SMALL_MARKET ? SMALL_MARKET_PAYOUT : GREAT_MARKET_PAYOUT;
  return table[sold - 1] ?? 0;
}

/** Every non-empty sale of at most 5 goods with per-colour limits (red, green, yellow, blue order). */
function enumerateSales(limit: Goods, visit: (g: Goods) => void): void {
  for (let r = 0; r <= limit.red; r++)
    for (let g = 0; g <= limit.green && r + g <= MAX_GOODS_SOLD; g++)
      for (let y = 0; y <= limit.yellow && r + g + y <= MAX_GOODS_SOLD; y++)
        for (let b = 0; b <= limit.blue && r + g + y + b <= MAX_GOODS_SOLD; b++) {
          if (r + g + y + b === 0) continue;
          visit({ red: r, green: g, yellow: y, blue: b });
        }
}

function withinDemand(sale: Goods, demand: Goods): boolean {
  return sale.red <= demand.red && sale.green <= demand.green && sale.yellow <= demand.yellow && sale.blue <= demand.blue;
}

export function marketOptions(s: IstanbulState, seat: Seat, place: PlaceId, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  const demand = demandTile(s, place);
  const limit: Goods = {
    red: Math.min(p.goods.red, demand.red),
    green: Math.min(p.goods.green, demand.green),
    yellow: Math.min(p.goods.yellow, demand.yellow),
    blue: Math.min(p.goods.blue, demand.blue),
  };
  enumerateSales(limit, (goods) => out.push({ type: 'sell', goods, anyGoods: false }));
  if (canUseSmallMarketCard(p, place)) {
    // With the card: any goods. A sale the demand tile allows anyway is not offered again with the card.
    enumerateSales(p.goods, (goods) => {
      if (!withinDemand(goods, demand)) out.push({ type: 'sell', goods, anyGoods: true });
    });
  }
}

export function applySell(tx: Tx, seat: Seat, place: PlaceId, goods: Goods, anyGoods: boolean): void {
  if (anyGoods) playCard(tx, seat, 'smallMarketAny');
  const p = tx.player(seat);
  const sold = goods.red + goods.green + goods.yellow + goods.blue;
  p.goods.red -= goods.red;
  p.goods.green -= goods.green;
  p.goods.yellow -= goods.yellow;
  p.goods.blue -= goods.blue;
  const lira = marketPayout(place, sold);
  p.lira += lira;
  if (place === SMALL_MARKET) {
    const [first, ...rest] = tx.s.smallMarket;
    tx.s.smallMarket = [...rest, first as number];
  } else if (place === GREAT_MARKET) {
    const [first, ...rest] = tx.s.greatMarket;
    tx.s.greatMarket = [...rest, first as number];
  }
  tx.log('goodsSold', seat, {
    player: seat,
    place,
    red: goods.red,
    green: goods.green,
    yellow: goods.yellow,
    blue: goods.blue,
    count: sold,
    lira,
  });
  finishAction(tx, seat, place);
}
