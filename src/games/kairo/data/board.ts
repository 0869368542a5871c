/**
 * Kairo's board and component values in one table. The printed board survives only as a picture, so
 * the geometry and a few values are the project's own (docs/rules-decisions.md, "Values the project
 * decides"). Change them here and nowhere else if the printed component turns up.
 */

/** Stall, customer and coin colours. Violet is the restaurant colour. */
export const COLOURS = ['violet', 'red', 'yellow', 'green', 'blue', 'orange'] as const;
export type Colour = (typeof COLOURS)[number];
export const RESTAURANT_COLOUR: Colour = 'violet';

/** Grid of 14 columns (x = 0..13, west to east) by 10 rows (y = 0..9, north to south). */
export const BOARD_WIDTH = 14;
export const BOARD_HEIGHT = 10;
export const FIELD_COUNT = BOARD_WIDTH * BOARD_HEIGHT;

/** Market: x = 1..12, y = 0..8 (108 fields). */
export const MARKET = { minX: 1, maxX: 12, minY: 0, maxY: 8 } as const;

/**
 * 'market': customers walk here, every colour but violet builds here, entrances lie here.
 * 'restaurant': the U around the south half (x = 0 or 13 for y = 3..9, and y = 9 for x = 1..12), violet only.
 * 'off': not part of the board ((0, 0..2) and (13, 0..2)).
 */
export type Area = 'market' | 'restaurant' | 'off';

export function areaAt(x: number, y: number): Area {
  if (x < 0 || x >= BOARD_WIDTH || y < 0 || y >= BOARD_HEIGHT) return 'off';
  if (x >= MARKET.minX && x <= MARKET.maxX && y >= MARKET.minY && y <= MARKET.maxY) return 'market';
  if (y === 9) return 'restaurant';
  if ((x === 0 || x === BOARD_WIDTH - 1) && y >= 3) return 'restaurant';
  return 'off';
}

/**
 * The 9 market sections of 4 x 3 fields, numbered 1..9 row by row from the north-west:
 * section = 1 + 3 * floor(y / 3) + floor((x - 1) / 4). A restaurant field belongs to the market section it
 * touches (the corners (0,9) and (13,9) to sections 7 and 9). Off-board fields: null.
 */
export function sectionAt(x: number, y: number): number | null {
  if (areaAt(x, y) === 'off') return null;
  const mx = Math.min(Math.max(x, MARKET.minX), MARKET.maxX);
  const my = Math.min(Math.max(y, MARKET.minY), MARKET.maxY);
  return 1 + 3 * Math.floor(my / 3) + Math.floor((mx - 1) / 4);
}

export const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** The 5 customer start fields, as (x, y). */
export const START_FIELDS: readonly (readonly [number, number])[] = [
  [2, 1],
  [10, 1],
  [6, 4],
  [2, 7],
  [10, 7],
];

/**
 * Building cards. A standard card names one section ('s1'..'s9', 3 copies each: 27). A joker names three
 * sections: the rows of sections 'jr1' {1,2,3}, 'jr2' {4,5,6}, 'jr3' {7,8,9} and the columns 'jc1'
 * {1,4,7}, 'jc2' {2,5,8}, 'jc3' {3,6,9} (1 copy each: 6).
 */
export const STANDARD_CARDS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'] as const;
export const JOKER_CARDS = ['jr1', 'jr2', 'jr3', 'jc1', 'jc2', 'jc3'] as const;
export type StandardCard = (typeof STANDARD_CARDS)[number];
export type JokerCard = (typeof JOKER_CARDS)[number];
export type CardType = StandardCard | JokerCard;
export const CARD_TYPES: readonly CardType[] = [...STANDARD_CARDS, ...JOKER_CARDS];
export const STANDARD_COPIES = 3;
export const JOKER_COPIES = 1;

export const CARD_SECTIONS: Readonly<Record<CardType, readonly number[]>> = {
  s1: [1],
  s2: [2],
  s3: [3],
  s4: [4],
  s5: [5],
  s6: [6],
  s7: [7],
  s8: [8],
  s9: [9],
  jr1: [1, 2, 3],
  jr2: [4, 5, 6],
  jr3: [7, 8, 9],
  jc1: [1, 4, 7],
  jc2: [2, 5, 8],
  jc3: [3, 6, 9],
};

export function isJoker(card: CardType): card is JokerCard {
  return card.startsWith('j');
}

/** The full deck in a fixed order (shuffled at setup). */
export function fullDeck(): CardType[] {
  const deck: CardType[] = [];
  for (const card of STANDARD_CARDS) for (let i = 0; i < STANDARD_COPIES; i++) deck.push(card);
  for (const card of JOKER_CARDS) for (let i = 0; i < JOKER_COPIES; i++) deck.push(card);
  return deck;
}
export const DECK_SIZE = STANDARD_CARDS.length * STANDARD_COPIES + JOKER_CARDS.length * JOKER_COPIES;

/** Crier cards in the box. */
export const CRIER_CARDS = 7;
/** Extensions per colour in the supply. */
export const EXTENSIONS_PER_COLOUR = 6;
/** Face-up building cards. */
export const DISPLAY_SIZE = 4;
/** Building cards a player may keep after drawing (criers do not count). */
export const HAND_LIMIT = 4;
/** Building cards dealt to each player at setup. */
export const START_HAND = 3;
/** Coins of each colour each player starts with. */
export const START_COINS_PER_COLOUR = 1;
/** Main stalls each player places before the first turn. */
export const START_STALLS_PER_PLAYER = 3;
/** During the starting placement: at most this many main stalls (all owners) per section. */
export const SETUP_MAX_STALLS_PER_SECTION = 2;
/** Cards drawn by the draw action. */
export const CARDS_PER_DRAW = 2;
/** A joker is played with 1 coin of any colour. */
export const JOKER_COIN_COST = 1;
/** Any 3 cards allow building in any section. */
export const ANY_SECTION_CARDS = 3;
/** Extension cost in other colours: this many coins of another colour count for 1 coin of the stall's colour. */
export const OTHER_COLOUR_RATE = 2;
/** Medal points (printed on the medals; the same for every colour). */
export const MEDAL_POINTS = { gold: 4, silver: 2 } as const;
/** Final scoring: 1 point per this many coins left (all colours together). */
export const COINS_PER_FINAL_POINT = 3;
/** Customers standing on the board (the 6th waits off the board). */
export const CUSTOMERS_ON_BOARD = 5;
/** 2 players: the neutral main stalls, one per colour. */
export const NEUTRAL_STALL_COLOURS: readonly Colour[] = COLOURS;
/** Player counts. */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;
