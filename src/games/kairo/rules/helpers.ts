/** Small read-only helpers over the state, shared by the rules: cards, stalls, coins and the events told. */
import type { GameEvent, Seat } from '../../../engine/index.js';
import * as boardDataModule from '../data/board.js';
import type { CardType, Colour } from '../data/board.js';
import type { Coins, KairoStall, KairoState, StallOwner } from '../types.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { CARD_SECTIONS, CARD_TYPES, COLOURS, OTHER_COLOUR_RATE } = boardDataModule;

const CARD_ORDER: Readonly<Record<CardType, number>> = Object.fromEntries(CARD_TYPES.map((c, i) => [c, i])) as Record<
  CardType,
  number
>;
export function sortCards(cards: CardType[]): CardType[] {
  return cards.sort((a, b) => CARD_ORDER[a] - CARD_ORDER[b]);
}
/** "4" for a standard card, "4/5/6" for a joker: a language-neutral card name. */
export function cardName(card: CardType): string {
  return CARD_SECTIONS[card].join('/');
}

export function stallOf(state: KairoState, owner: StallOwner, colour: Colour): number {
  return state.stalls.findIndex((s) => s.owner === owner && s.colour === colour);
}

export function stallSize(stall: KairoStall): number {
  return 1 + stall.ext.length;
}

export function totalCoins(coins: Coins): number {
  let sum = 0;
  for (const c of COLOURS) sum += coins[c];
  return sum;
}

/**
 * Whether `cost` coins can be paid for a stall of `colour`: at least 1 coin of that colour, the rest in
 * that colour or 2 coins of other colours per coin.
 */
export function affordable(coins: Coins, colour: Colour, cost: number): boolean {
  const own = coins[colour];
  if (own < 1) return false;
  const others = totalCoins(coins) - own;
  return others >= OTHER_COLOUR_RATE * (cost - Math.min(own, cost));
}

/** The range of coins of the stall's colour that a payment of `cost` may use. */
export function stallCoinRange(coins: Coins, colour: Colour, cost: number): [number, number] {
  const own = coins[colour];
  const others = totalCoins(coins) - own;
  const min = Math.max(1, cost - Math.floor(others / OTHER_COLOUR_RATE));
  const max = Math.min(own, cost);
  return [min, max];
}

/** Other colours after `c` in colour order (never the stall's colour). */
function laterColours(stallColour: Colour, c: Colour | null): Colour[] {
  const from = c === null ? 0 : COLOURS.indexOf(c) + 1;
  return COLOURS.slice(from).filter((x) => x !== stallColour);
}

/** How many coins of the other colour `c` may go into `owed`: the later colours must cover the rest. */
export function otherCoinRange(coins: Coins, stallColour: Colour, c: Colour, owed: number): [number, number] {
  let later = 0;
  for (const x of laterColours(stallColour, c)) later += coins[x];
  return [Math.max(0, owed - later), Math.min(coins[c], owed)];
}

/** The next other colour with coins, after `c`; null when none. */
export function nextPayColour(coins: Coins, stallColour: Colour, c: Colour | null): Colour | null {
  return laterColours(stallColour, c).find((x) => coins[x] > 0) ?? null;
}

export function distinct<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

export function event(key: string, params: GameEvent['params'], seat?: Seat, visibleTo?: readonly Seat[]): GameEvent {
  const e: { key: string; params?: GameEvent['params']; seat?: Seat; visibleTo?: readonly Seat[] } = { key };
  if (params !== undefined) e.params = params;
  if (seat !== undefined) e.seat = seat;
  if (visibleTo !== undefined) e.visibleTo = visibleTo;
  return e;
}
export const player = (seat: Seat): number => seat + 1;
