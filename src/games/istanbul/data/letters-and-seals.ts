/**
 * Letters & Seals data (the box's components; the values no source preserves: docs/rules-decisions.md):
 * letters, the 24 kiosk tiles, the dice card's yield, the Secret Society's bonuses and the expansion's
 * numbers. Every value lives here so it can be corrected.
 */
import type { Good, PlaceId } from '../types.js';
import { EXPANSION_PLACES } from './places.js';

/** 20 letters, one naming each place of the 5x4 board (docs/rules-decisions.md). */
export const LETTERS: readonly PlaceId[] = EXPANSION_PLACES;

/** An undelivered letter shows 1 seal; a delivered one (turned over) 2. */
export const SEALS_UNDELIVERED = 1;
export const SEALS_DELIVERED = 2;

/** Seals to discard for a double move (at least; the excess is lost) and at the Secret Society (exactly). */
export const DOUBLE_MOVE_SEALS = 3;
export const SECRET_SOCIETY_SEALS = 6;

/** Lira for the first, second and third player to do the Secret Society's action. */
export const SECRET_SOCIETY_BONUS: readonly number[] = [3, 2, 1];

/** The game ends at 6 rubies for any player count. */
export const EXPANSION_RUBY_TARGET = 6;

export const COURIER_FEE = 2;
export const EMBASSY_LETTERS = 2;
export const AUCTION_CARDS = 2;
export const MOVE_ANYWHERE_PRICE = 3;
export const SELL_GOOD_LIRA = 7;
export const GOOD_LIRA_CARD_LIRA = 3;

/** The dice card (not preserved; docs/rules-decisions.md): 2–6: 3 lira; 7–9: 1 good of your choice; 10–12: 1 good and 3 lira. */
export function diceCardYield(sum: number): { lira: number; good: boolean } {
  if (sum <= 6) return { lira: 3, good: false };
  if (sum <= 9) return { lira: 0, good: true };
  return { lira: 3, good: true };
}

/** The good each "depicted good and 3 lira" card shows. */
export const GOOD_LIRA_CARDS = {
  goodLiraRed: 'red',
  goodLiraGreen: 'green',
  goodLiraYellow: 'yellow',
  goodLiraBlue: 'blue',
} as const satisfies Record<string, Good>;

export type GoodLiraCard = keyof typeof GOOD_LIRA_CARDS;

/**
 * A kiosk tile's effect. Coffee is ignored (docs/rules-decisions.md): "1 coffee or 2/3 lira" give 2/3 lira and
 * "(or coffee)" options mean goods only.
 */
export type KioskTile =
  /** Take these goods and lira. */
  | { readonly kind: 'gain'; readonly goods: readonly Good[]; readonly lira: number }
  | { readonly kind: 'card' }
  | { readonly kind: 'companion' }
  | { readonly kind: 'die' }
  | { readonly kind: 'extensionForLira'; readonly lira: number }
  | { readonly kind: 'extensionForGoods' }
  | { readonly kind: 'fountain' }
  /** Choose one of two exchanges. */
  | { readonly kind: 'choose'; readonly options: readonly [KioskExchange, KioskExchange] };

/** One side of a "choose" tile: pay something, get something. */
export interface KioskExchange {
  readonly pay: 'good' | 'letter' | 'card' | 'lira';
  readonly payLira: number;
  readonly gain: 'good' | 'letter' | 'card' | 'lira';
  readonly gainLira: number;
}

const ex = (pay: KioskExchange['pay'], gain: KioskExchange['gain'], payLira = 0, gainLira = 0): KioskExchange => ({ pay, payLira, gain, gainLira });

/** The 24 kiosk tiles (one copy each); the tile id is the index. */
export const KIOSK_TILES: readonly KioskTile[] = [
  { kind: 'gain', goods: ['yellow'], lira: 1 },
  { kind: 'gain', goods: ['green'], lira: 1 },
  { kind: 'gain', goods: ['red'], lira: 1 },
  { kind: 'gain', goods: ['yellow', 'yellow'], lira: 0 },
  { kind: 'gain', goods: ['green', 'green'], lira: 0 },
  { kind: 'gain', goods: ['red', 'red'], lira: 0 },
  { kind: 'gain', goods: ['yellow'], lira: 0 },
  { kind: 'gain', goods: ['green'], lira: 0 },
  { kind: 'gain', goods: ['red'], lira: 0 },
  { kind: 'gain', goods: ['blue'], lira: 0 },
  { kind: 'card' },
  { kind: 'gain', goods: [], lira: 2 },
  { kind: 'gain', goods: [], lira: 2 }, // 1 coffee or 2 lira
  { kind: 'gain', goods: [], lira: 3 }, // 1 coffee or 3 lira
  { kind: 'companion' },
  { kind: 'die' },
  { kind: 'extensionForLira', lira: 10 },
  { kind: 'extensionForGoods' },
  { kind: 'fountain' },
  { kind: 'choose', options: [ex('good', 'letter'), ex('letter', 'good')] },
  { kind: 'choose', options: [ex('card', 'letter'), ex('letter', 'card')] },
  { kind: 'choose', options: [ex('lira', 'letter', 2), ex('letter', 'lira', 0, 3)] },
  { kind: 'choose', options: [ex('lira', 'good', 2), ex('good', 'lira', 0, 3)] },
  { kind: 'choose', options: [ex('lira', 'card', 2), ex('card', 'lira', 0, 3)] },
];

export const KIOSK_TILE_COUNT = 24;
