/**
 * Istanbul's primitive vocabulary, shared by the state, the actions and the views.
 * Plain string unions and numbers only, so every value survives JSON.
 */
import type { Seat } from '../../engine/index.js';

export type { Seat };

/** Goods: red = fabric, green = spice, yellow = fruit, blue = jewelry. */
export type Good = 'red' | 'green' | 'yellow' | 'blue';
export const GOODS: readonly Good[] = ['red', 'green', 'yellow', 'blue'];

/** Counts of each good. */
export type Goods = Record<Good, number>;

/**
 * A place's large number: 1..16 in the base game; the expansion adds 21..24 (and 25).
 * Also the 2d6 target when a figure is re-rolled.
 */
export type PlaceId = number;

/** Player colours. White is the neutral-assistant colour in the variant, so it is dealt last. */
export type PlayerColour = 'red' | 'blue' | 'green' | 'yellow' | 'white';
export const PLAYER_COLOURS: readonly PlayerColour[] = ['red', 'blue', 'green', 'yellow', 'white'];

/** The 10 kinds of base-game bonus cards, then the 16 cards (12 kinds + 3 more colours) of Letters & Seals. */
export type CardKind =
  | 'takeGood' // take 1 good of your choice (never during a place action)
  | 'take5Lira' // take 5 lira
  | 'sultanTwice' // at the Sultan's Palace 13: do the action once more
  | 'postTwice' // at the Post Office 5: do the action once more
  | 'gemstoneTwice' // at the Gemstone Dealer 16: do the action once more
  | 'familyToPolice' // family member to the Police Station 12, take the capture reward
  | 'stay' // movement: stay where you are (still use an assistant)
  | 'move3or4' // movement: 3 or 4 steps instead of 1 or 2
  | 'returnAssistant' // movement: return 1 of your assistants to your merchant
  | 'smallMarketAny' // at the Small Market 11: sell any goods instead of the demanded ones
  // Letters & Seals (16 cards: docs/rules-decisions.md)
  | 'takeLetter' // take 1 letter (x2)
  | 'diceCard' // roll 2d6 for the yield on the card (x1)
  | 'sellGood' // give 1 good for 7 lira (x1)
  | 'goodLiraRed' // take the depicted good and 3 lira (x1 per colour)
  | 'goodLiraGreen'
  | 'goodLiraYellow'
  | 'goodLiraBlue'
  | 'discardTop' // carry out the bonus card on top of the discard pile (x1)
  | 'familyStep' // movement: the family member moves 1 step and does that place's action, no encounters (x1)
  | 'moveToMerchant' // movement: the merchant stack to an opponent's merchant, not paying that merchant (x1)
  | 'companionFar' // movement: the companion moves 2 steps instead of 1 (x1)
  | 'useFigure' // use the Governor, Smuggler or Courier wherever he stands, then re-roll him (x1)
  | 'mosqueTwice' // at a Mosque 14/15: do the action once more (x1)
  | 'secretSocietyTwice' // at the Secret Society 24: do the action once more (x1)
  | 'moveAnywhere'; // movement: pay 3 lira, the merchant stack to any place (x1)

/** The setup option of the Letters & Seals expansion: the new bonus cards mixed with the base ones, or alone. */
export type ExpansionCards = 'mixed' | 'newOnly';

/**
 * A letter held by a player, when paid or discarded: the place number of an undelivered letter (1 seal), or
 * 'delivered' for one of the delivered letters (2 seals; they are alike).
 */
export type LetterRef = PlaceId | 'delivered';

/** Where a player's companion is: the general supply ('box'), the player's own supply, or a place. */
export type CompanionPos = 'box' | 'supply' | PlaceId;

/** 'starter' is the expansion's first-game 5x4 layout (docs/rules-decisions.md); 'random' is 5x4 with the expansion. */
export type LayoutName = 'short' | 'long' | 'inOrder' | 'random' | 'starter';

/** The reward for a capture (or the family card): 1 bonus card or 3 lira. */
export type CaptureReward = 'card' | 'lira';

/** Owner of an assistant: a seat, or 'neutral' (the variant's white assistants). */
export type AssistantOwner = Seat | 'neutral';
