/**
 * The full Istanbul game state: plain JSON data (the PRNG state included), never shared mutably:
 * `apply` copies what it changes (see tx.ts).
 */
import type { RngState } from '../../engine/index.js';
import type { IstanbulOptions } from './options.js';
import type { AssistantOwner, CardKind, Good, Goods, PlaceId, PlayerColour, Seat } from './types.js';

export interface PlayerState {
  readonly seat: Seat;
  readonly colour: PlayerColour;
  lira: number;
  rubies: number;
  goods: Goods;
  extensions: number;
  /** Colours of the mosque tiles owned, in the order taken. */
  mosqueTiles: Good[];
  /** Private: never in another seat's view. */
  hand: CardKind[];
  merchant: PlaceId;
  /** Assistants under the merchant, bottom first: the own seat or 'neutral'. */
  stack: AssistantOwner[];
  /** Own assistants beside the board (the 5th until the blue mosque tile). */
  supply: number;
  family: PlaceId;
}

/** A pending decision: the top of the stack is what is asked now, of `seat`. */
export type Frame =
  | { readonly k: 'move'; readonly seat: Seat }
  | { readonly k: 'assistant'; readonly seat: Seat }
  | { readonly k: 'pay'; readonly seat: Seat }
  /** Phase 3 at `place` (the merchant's place, or where the family member was sent: `family`). */
  | { readonly k: 'action'; readonly seat: Seat; readonly place: PlaceId; readonly family: boolean }
  | { readonly k: 'warehouseExtra'; readonly seat: Seat; readonly place: PlaceId }
  | { readonly k: 'caravansaryDraw'; readonly seat: Seat; readonly left: number }
  | { readonly k: 'caravansaryDiscard'; readonly seat: Seat }
  | { readonly k: 'fountain'; readonly seat: Seat }
  | {
      readonly k: 'blackMarket';
      readonly seat: Seat;
      readonly goodTaken: boolean;
      /** The dice once rolled (after the red tile, if used), else null. */
      readonly dice: readonly [number, number] | null;
    }
  /** After a roll at the Black Market or the Tea House, with the red mosque tile: modify once or keep. */
  | {
      readonly k: 'redTile';
      readonly seat: Seat;
      readonly place: PlaceId;
      readonly dice: readonly [number, number];
      /** Tea House: the announced number; Black Market: 0. */
      readonly announced: number;
    }
  | {
      readonly k: 'encounters';
      readonly seat: Seat;
      /** Seats whose family members are still to be captured. */
      readonly captures: readonly Seat[];
      readonly governor: boolean;
      readonly smuggler: boolean;
    }
  | { readonly k: 'governorPay'; readonly seat: Seat }
  | { readonly k: 'smugglerPay'; readonly seat: Seat }
  | { readonly k: 'finalCards'; readonly seat: Seat };

export type FrameKind = Frame['k'];

export interface TurnState {
  /** The yellow mosque tile was used this turn. */
  yellowUsed: boolean;
  /** The place whose action just finished and may be repeated by its card (13, 5, 16), else null. */
  repeatPlace: PlaceId | null;
}

export interface IstanbulState {
  readonly options: IstanbulOptions;
  rng: RngState;
  readonly width: number;
  readonly height: number;
  /** cells[row * width + col] = place id. */
  readonly cells: readonly PlaceId[];
  /** cellOf[placeId] = cell index, -1 when the place is not on the board. */
  readonly cellOf: readonly number[];
  players: PlayerState[];
  readonly startSeat: Seat;
  round: number;
  /** Whose turn it is (during the final card step: the seat deciding). */
  turnSeat: Seat;
  pending: Frame[];
  turn: TurnState;
  /** assistantsAt[placeId]: loose assistants there (owners). */
  assistantsAt: AssistantOwner[][];
  governor: PlaceId;
  smuggler: PlaceId;
  /** 2 players: places of the neutral merchants; empty otherwise. */
  neutralMerchants: PlaceId[];
  readonly neutralColours: readonly PlayerColour[];
  /** Draw pile: the top card is the last element. Hidden. */
  deck: CardKind[];
  /** Face-up discard pile on the Caravansary: the top card is the last element. */
  discard: CardKind[];
  /** Post Office: markers already down (0..4). */
  post: number;
  sultanTaken: number;
  gemstoneTaken: number;
  wainwrightExtensions: number;
  wainwrightRubies: number;
  /** Mosque tile stacks per colour: thresholds, top first. */
  mosqueTiles: Record<Good, number[]>;
  smallMosqueRubies: number;
  greatMosqueRubies: number;
  /** Demand tile stacks: indices into the printed tiles, top first. */
  smallMarket: number[];
  greatMarket: number[];
  rubySupply: number;
  endTriggered: boolean;
  phase: 'playing' | 'finalCards' | 'over';
  /** Final card step: the seats still to take it, in turn order. */
  finalQueue: Seat[];
  lastMove: { seat: Seat; from: PlaceId; to: PlaceId } | null;
  lastRoll: { seat: Seat; purpose: RollPurposeState; dice: [number, number] } | null;
}

export type RollPurposeState = 'blackMarket' | 'teaHouse' | 'governor' | 'smuggler' | 'neutralMerchant' | 'redTile';
