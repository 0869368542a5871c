/** The 16 places of the base game: id (the large number), kind and English name (for the catalogue). */
import type { Good, PlaceId } from '../types.js';

export const WAINWRIGHT = 1;
export const FABRIC_WAREHOUSE = 2;
export const SPICE_WAREHOUSE = 3;
export const FRUIT_WAREHOUSE = 4;
export const POST_OFFICE = 5;
export const CARAVANSARY = 6;
export const FOUNTAIN = 7;
export const BLACK_MARKET = 8;
export const TEA_HOUSE = 9;
export const GREAT_MARKET = 10;
export const SMALL_MARKET = 11;
export const POLICE_STATION = 12;
export const SULTANS_PALACE = 13;
export const SMALL_MOSQUE = 14;
export const GREAT_MOSQUE = 15;
export const GEMSTONE_DEALER = 16;

export const BASE_PLACES: readonly PlaceId[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

/** Letters & Seals adds four places. */
export const EMBASSY = 21;
export const KIOSK = 22;
export const AUCTION_HOUSE = 23;
export const SECRET_SOCIETY = 24;

/** The 20 places of the 5x4 board with Letters & Seals. */
export const EXPANSION_PLACES: readonly PlaceId[] = [...BASE_PLACES, EMBASSY, KIOSK, AUCTION_HOUSE, SECRET_SOCIETY];

/** The highest place id any layout may hold (the expansion adds 21..25); arrays indexed by place id use this size. */
export const MAX_PLACE_ID = 25;

/** Warehouses 2/3/4 fill one good each. */
export const WAREHOUSE_GOOD: Readonly<Record<number, Exclude<Good, 'blue'>>> = {
  2: 'red',
  3: 'green',
  4: 'yellow',
};

export function isWarehouse(place: PlaceId): boolean {
  return place === FABRIC_WAREHOUSE || place === SPICE_WAREHOUSE || place === FRUIT_WAREHOUSE;
}
