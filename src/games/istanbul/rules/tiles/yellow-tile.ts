/** Yellow mosque tile: once per turn, pay 2 lira to bring one of your assistants from another place to your merchant. */
import type { IstanbulAction } from '../../actions.js';
import { YELLOW_TILE_PRICE } from '../../data/players.js';
import { placesWithOwnAssistant } from '../helpers.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { PlaceId, Seat } from '../../types.js';
import { recallAssistant } from '../places/fountain.js';

export function yellowTileOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  if (!p.mosqueTiles.includes('yellow') || s.turn.yellowUsed || p.lira < YELLOW_TILE_PRICE) return;
  for (const from of placesWithOwnAssistant(s, seat)) if (from !== p.merchant) out.push({ type: 'yellowTile', from });
}

export function applyYellowTile(tx: Tx, seat: Seat, from: PlaceId): void {
  tx.player(seat).lira -= YELLOW_TILE_PRICE;
  tx.s.turn.yellowUsed = true;
  recallAssistant(tx, seat, from);
  tx.log('yellowTileUsed', seat, { player: seat, from, lira: YELLOW_TILE_PRICE });
}
