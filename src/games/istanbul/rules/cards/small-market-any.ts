/**
 * Card "at the Small Market 11: sell any goods instead of the demanded ones": offered as sales of 1–5 goods of
 * any colours (those the demand tile allows anyway are offered without the card). See places/market.ts.
 */
import { SMALL_MARKET } from '../../data/places.js';
import type { PlayerState } from '../../state.js';
import type { PlaceId } from '../../types.js';

export function canUseSmallMarketCard(p: PlayerState, place: PlaceId): boolean {
  return place === SMALL_MARKET && p.hand.includes('smallMarketAny');
}
