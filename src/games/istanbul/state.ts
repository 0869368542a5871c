/**
 * The full Istanbul game state: plain JSON data (the PRNG state included), never shared mutably:
 * `apply` copies what it changes (see rules/draft.ts).
 */
import type { RngState } from '../../engine/index.js';
import type { IstanbulOptions } from './options.js';
import type { AssistantOwner, CardKind, CompanionPos, ExpansionCards, Good, Goods, PlaceId, PlayerColour, Seat } from './types.js';

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
  /**
   * The cards of `hand` everybody knows of: taken face up from the discard pile (Caravansary) and not played
   * or discarded since (one of a kind leaving the hand counts against them). Absent: none.
   */
  openCards?: CardKind[];
  merchant: PlaceId;
  /** Assistants under the merchant, bottom first: the own seat or 'neutral'. */
  stack: AssistantOwner[];
  /** Own assistants beside the board (the 5th until the blue mosque tile). */
  supply: number;
  family: PlaceId;
}

/**
 * A player whose lists are only read: what the rules' helpers take, and a draft's player (`Tx.player`),
 * which shares the lists with the state it came from until they are changed through the draft
 * (`Tx.hand`, `Tx.stack`, `Tx.mosqueTilesOf`).
 */
export type PlayerDraft = Omit<PlayerState, 'hand' | 'stack' | 'mosqueTiles'> & {
  readonly hand: readonly CardKind[];
  readonly stack: readonly AssistantOwner[];
  readonly mosqueTiles: readonly Good[];
};

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
  /** `companionDone`: Letters & Seals, the companion was already taken or returned in this Fountain action. */
  | { readonly k: 'fountain'; readonly seat: Seat; readonly companionDone?: boolean }
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
      /** Letters & Seals: the Courier stands here and was not used yet (absent in the base game). */
      readonly courier?: boolean;
    }
  | { readonly k: 'governorPay'; readonly seat: Seat }
  | { readonly k: 'smugglerPay'; readonly seat: Seat }
  | { readonly k: 'finalCards'; readonly seat: Seat }
  // ----- Letters & Seals -----
  /**
   * Discarding letters one at a time: for a double move (at least `need` seals, the excess is lost) or at the
   * Secret Society (exactly `need` seals; then the ruby from `ruby`). `repeat`: by the "once more" card.
   */
  | {
      readonly k: 'letters';
      readonly seat: Seat;
      readonly purpose: 'doubleMove' | 'secretSociety';
      readonly need: number;
      readonly ruby: PlaceId | null;
      readonly repeat: boolean;
    }
  /** Kiosk 22: `seat` chooses one of the open tiles (`last`: the owner's remaining tile). */
  | { readonly k: 'kiosk'; readonly seat: Seat; readonly last: boolean }
  /** Kiosk: `seat` carries out a "choose" tile: which exchange, with what. */
  | { readonly k: 'kioskEffect'; readonly seat: Seat; readonly tile: number }
  /** Auction House 23: `seat` opens (the owner), bids once (another seat) or bids last (the owner). */
  | { readonly k: 'auction'; readonly seat: Seat; readonly stage: 'open' | 'bid' | 'final' }
  /** The dice card's good of your choice. */
  | { readonly k: 'cardGood'; readonly seat: Seat };

export type FrameKind = Frame['k'];

export interface TurnState {
  /** The yellow mosque tile was used this turn. */
  yellowUsed: boolean;
  /** The place whose action just finished and may be repeated by its card (13, 5, 16), else null. */
  repeatPlace: PlaceId | null;
  /** Letters & Seals (absent in the base game): the token moved this turn. */
  token?: 'merchant' | 'companion' | 'family';
  /** Letters & Seals: where the companion moved this turn (he acts and has his encounters there). */
  at?: PlaceId;
  /** Letters & Seals: the opponent whose merchant is not paid (card "move to an opponent's merchant"). */
  exempt?: Seat | null;
  /** Letters & Seals: this turn is the extra turn of a double move. */
  extra?: boolean;
}

/** A letter in front of a player: face up (the place number, 1 seal) or delivered (2 seals). */
export interface Letter {
  readonly place: PlaceId;
  readonly delivered: boolean;
}

/** The Kiosk round under way: the owner's tiles turned up. */
export interface KioskRound {
  readonly owner: Seat;
  /** Face-up tiles still to choose from. */
  readonly open: readonly number[];
  /** Tiles already chosen and turned face down. */
  readonly chosen: readonly number[];
  /** Seats still to choose, in order (the owner first, then clockwise). */
  readonly queue: readonly Seat[];
}

/** The auction of 2 bonus cards under way at the Auction House. */
export interface AuctionRound {
  readonly owner: Seat;
  /** The highest bid so far (0: none). */
  readonly high: number;
  readonly highSeat: Seat | null;
  /** Other seats still to bid once, clockwise. */
  readonly queue: readonly Seat[];
}

/** Letters & Seals: everything the expansion adds to the state. */
export interface LettersAndSealsState {
  readonly cards: ExpansionCards;
  /** Letter draw pile (hidden order): the top is the last element. */
  letterDeck: PlaceId[];
  letterDiscard: PlaceId[];
  /** Letters in front of each seat, in the order received. */
  letters: Letter[][];
  companions: CompanionPos[];
  /** Per seat: the round of its last double move (0: none yet). */
  doubleMoveRound: number[];
  courier: PlaceId;
  /** Kiosk tile draw pile (hidden order): the top is the last element. */
  kioskDeck: number[];
  kioskDiscard: number[];
  kiosk: KioskRound | null;
  auction: AuctionRound | null;
  /** Seats that received the Secret Society's 3/2/1 lira, in order. */
  secretSociety: Seat[];
  /** Rubies beyond the box's 32, added when the Sultan's or the Gemstone Dealer's last ruby is replaced. */
  extraRubies: number;
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
  /** `token`: Letters & Seals, the companion or the family member moved (absent: the merchant). */
  lastMove: { seat: Seat; from: PlaceId; to: PlaceId; token?: 'companion' | 'family' } | null;
  lastRoll: { seat: Seat; purpose: RollPurposeState; dice: [number, number] } | null;
  /** Letters & Seals; absent in the base game. */
  ls?: LettersAndSealsState;
}

export type RollPurposeState =
  | 'blackMarket'
  | 'teaHouse'
  | 'governor'
  | 'smuggler'
  | 'neutralMerchant'
  | 'redTile'
  // Letters & Seals
  | 'courier'
  | 'diceCard';
