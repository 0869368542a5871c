/** The 26 base-game bonus cards, as in the box, and the 16 of Letters & Seals (docs/rules-decisions.md). */
import type { CardKind, ExpansionCards } from '../types.js';

export type BaseCardKind =
  | 'takeGood'
  | 'take5Lira'
  | 'sultanTwice'
  | 'postTwice'
  | 'gemstoneTwice'
  | 'familyToPolice'
  | 'stay'
  | 'move3or4'
  | 'returnAssistant'
  | 'smallMarketAny';

export const CARD_COUNTS: Readonly<Record<BaseCardKind, number>> = {
  takeGood: 4,
  take5Lira: 4,
  sultanTwice: 2,
  postTwice: 2,
  gemstoneTwice: 2,
  familyToPolice: 2,
  stay: 2,
  move3or4: 4,
  returnAssistant: 2,
  smallMarketAny: 2,
};

/** The base game's card kinds. */
export const CARD_KINDS: readonly CardKind[] = Object.keys(CARD_COUNTS) as CardKind[];

/** Letters & Seals: 16 new cards (counts are the project's, docs/rules-decisions.md). */
export const EXPANSION_CARD_COUNTS: Readonly<Record<Exclude<CardKind, BaseCardKind>, number>> = {
  takeLetter: 2,
  diceCard: 1,
  sellGood: 1,
  goodLiraRed: 1,
  goodLiraGreen: 1,
  goodLiraYellow: 1,
  goodLiraBlue: 1,
  discardTop: 1,
  familyStep: 1,
  moveToMerchant: 1,
  companionFar: 1,
  useFigure: 1,
  mosqueTwice: 1,
  secretSocietyTwice: 1,
  moveAnywhere: 1,
};

/** The unshuffled deck, in a fixed order. */
export function baseDeck(): CardKind[] {
  const deck: CardKind[] = [];
  for (const kind of CARD_KINDS) for (let i = 0; i < ((CARD_COUNTS as Record<string, number>)[kind] as number); i++) deck.push(kind);
  return deck;
}

const MIXED_COUNTS: Readonly<Partial<Record<CardKind, number>>> = { ...CARD_COUNTS, ...EXPANSION_CARD_COUNTS };

/** The count of each card kind in a game: the base deck, or with Letters & Seals mixed in or alone. */
export function cardCounts(expansion: ExpansionCards | null): Readonly<Partial<Record<CardKind, number>>> {
  if (expansion === null) return CARD_COUNTS;
  if (expansion === 'newOnly') return EXPANSION_CARD_COUNTS;
  return MIXED_COUNTS;
}

/** The unshuffled deck of a game, in a fixed order. */
export function deckFor(expansion: ExpansionCards | null): CardKind[] {
  const counts = cardCounts(expansion) as Record<string, number>;
  const deck: CardKind[] = [];
  for (const kind of Object.keys(counts) as CardKind[]) for (let i = 0; i < (counts[kind] as number); i++) deck.push(kind);
  return deck;
}

/** Cards for the final step after the last round: those that give money or goods (docs/rules-decisions.md). */
export const FINAL_STEP_CARDS: readonly CardKind[] = [
  'take5Lira',
  'takeGood',
  'goodLiraRed',
  'goodLiraGreen',
  'goodLiraYellow',
  'goodLiraBlue',
  'sellGood',
  'diceCard',
];
