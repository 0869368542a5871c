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

/** The 10 kinds of base-game bonus cards. */
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
  | 'smallMarketAny'; // at the Small Market 11: sell any goods instead of the demanded ones

export type LayoutName = 'short' | 'long' | 'inOrder' | 'random';

/** The reward for a capture (or the family card): 1 bonus card or 3 lira. */
export type CaptureReward = 'card' | 'lira';

/** Owner of an assistant: a seat, or 'neutral' (the variant's white assistants). */
export type AssistantOwner = Seat | 'neutral';
