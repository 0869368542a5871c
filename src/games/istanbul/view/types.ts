/**
 * What leaves the Istanbul engine: the public view (the board as everyone at the table sees it) and a
 * seat's view (the same plus that seat's own hand). Renderers and presenters import these types only.
 *
 * Never in a view: a hand other than the viewer's own, the deck order, the PRNG state. Every field of a
 * seat view is declared in fields.ts (the computer player refuses a view with any other field).
 */
import type { KioskExchange, KioskTile } from '../data/letters-and-seals.js';
import type { Frame, TurnState } from '../state.js';
import type { AssistantOwner, CardKind, CompanionPos, ExpansionCards, Good, Goods, LayoutName, PlaceId, PlayerColour, Seat } from '../types.js';

export type { AssistantOwner, CardKind, CompanionPos, ExpansionCards, Good, Goods, KioskExchange, KioskTile, LayoutName, PlaceId, PlayerColour, Seat };

/** Assistants standing loose on a place (not under a merchant). */
export interface PlacedAssistantsView {
  /** A seat, or 'neutral' for the variant's white assistants. */
  readonly owner: AssistantOwner;
  readonly count: number;
}

/** One field of the Post Office: what it pays when uncovered. */
export interface PostFieldView {
  readonly good: Good | null;
  readonly lira: number;
}

export interface PostOfficeView {
  readonly kind: 'postOffice';
  /** Markers already moved to the bottom row, counted from the left: 0..4. */
  readonly markersDown: number;
  /** Per column I..IV: where its marker lies ('top' covers the top field, 'bottom' the bottom one). */
  readonly markers: readonly ('top' | 'bottom')[];
  /** The printed fields, per column: [top, bottom]. */
  readonly fields: readonly (readonly [PostFieldView, PostFieldView])[];
  /** What the action pays now (the four uncovered fields). */
  readonly payout: { readonly lira: number; readonly goods: readonly Good[] };
}

/** A Sultan's Palace cost slot: a good or 'any' (one good of the player's choice). */
export type SultanSlot = Good | 'any';

export interface SultanView {
  readonly kind: 'sultan';
  /** The printed track of 10 goods fields. */
  readonly track: readonly SultanSlot[];
  /** How many fields are uncovered: the next ruby costs the first `uncovered` fields of the track. */
  readonly uncovered: number;
  /** The goods the next ruby costs; null when no ruby is left. */
  readonly nextCost: readonly SultanSlot[] | null;
  readonly rubiesLeft: number;
}

export interface GemstoneView {
  readonly kind: 'gemstone';
  /** The printed prices, lowest first (the track for this player count). */
  readonly prices: readonly number[];
  /** The next ruby's price; null when no ruby is left. */
  readonly price: number | null;
  readonly rubiesLeft: number;
}

export interface MosqueStackView {
  readonly colour: Good;
  /** Thresholds still in the stack, top first (empty when all taken). */
  readonly tiles: readonly number[];
  /** The top tile's threshold, or null. */
  readonly top: number | null;
}

export interface MosqueView {
  readonly kind: 'mosque';
  readonly size: 'small' | 'great';
  /** Small Mosque 14: red, green. Great Mosque 15: blue, yellow. */
  readonly stacks: readonly MosqueStackView[];
  readonly rubiesLeft: number;
}

export interface DemandTileView {
  /** Index into the market's printed tiles (stable identity). */
  readonly index: number;
  readonly goods: Goods;
}

export interface MarketView {
  readonly kind: 'market';
  readonly size: 'small' | 'great';
  /** The top demand tile (the one that counts now). */
  readonly demand: DemandTileView;
  /** The whole open stack, top first (the tiles are open and their order is public). */
  readonly stack: readonly DemandTileView[];
  /** Lira for selling 1..5 goods: payouts[n - 1]. */
  readonly payouts: readonly number[];
}

export interface WainwrightView {
  readonly kind: 'wainwright';
  readonly extensionsLeft: number;
  readonly rubiesLeft: number;
  readonly price: number;
}

export interface WarehouseView {
  readonly kind: 'warehouse';
  readonly good: Exclude<Good, 'blue'>;
}

export interface CaravansaryView {
  readonly kind: 'caravansary';
  /** The face-up discard pile lies here: its top card and size. */
  readonly discardTop: CardKind | null;
  readonly discardCount: number;
}

export interface SimplePlaceView {
  readonly kind: 'fountain' | 'blackMarket' | 'teaHouse' | 'policeStation';
}

/** Room for places without a detail of their own (25, the Catacombs of a variant not played here). */
export interface OtherPlaceView {
  readonly kind: 'other';
}

/** Letters & Seals, Embassy 21: 2 letters from the pile. */
export interface EmbassyView {
  readonly kind: 'embassy';
  readonly letters: number;
  readonly letterDeckCount: number;
}

/** Letters & Seals, Kiosk 22: the tiles of the round under way (else empty) and the pile. */
export interface KioskView {
  readonly kind: 'kiosk';
  readonly owner: Seat | null;
  readonly open: readonly KioskTileView[];
  readonly chosen: readonly KioskTileView[];
  readonly waiting: readonly Seat[];
  readonly deckCount: number;
}

/** Letters & Seals, Auction House 23: the auction under way (owner null when none). */
export interface AuctionHouseView {
  readonly kind: 'auctionHouse';
  readonly owner: Seat | null;
  readonly high: number;
  readonly highSeat: Seat | null;
  readonly waiting: readonly Seat[];
  readonly cards: number;
}

/** Letters & Seals, Secret Society 24: seals for a ruby; the 3/2/1 lira still lying there and who took them. */
export interface SecretSocietyView {
  readonly kind: 'secretSociety';
  readonly seals: number;
  readonly bonusesLeft: readonly number[];
  readonly paid: readonly Seat[];
}

export type PlaceDetailView =
  | WainwrightView
  | WarehouseView
  | PostOfficeView
  | CaravansaryView
  | SimplePlaceView
  | MarketView
  | SultanView
  | MosqueView
  | GemstoneView
  | OtherPlaceView
  | EmbassyView
  | KioskView
  | AuctionHouseView
  | SecretSocietyView;

export interface PlaceView {
  readonly id: PlaceId;
  /** Grid position, 0-based from the top-left. */
  readonly row: number;
  readonly col: number;
  /** Loose assistants on this place, by owner (seats in seat order, then neutral). */
  readonly assistants: readonly PlacedAssistantsView[];
  readonly detail: PlaceDetailView;
}

export interface MerchantView {
  readonly seat: Seat;
  readonly colour: PlayerColour;
  readonly place: PlaceId;
  /** Assistants under the merchant, bottom first (a seat or 'neutral'); its length is the stack size. */
  readonly stack: readonly AssistantOwner[];
}

export interface FamilyMemberView {
  readonly seat: Seat;
  readonly colour: PlayerColour;
  readonly place: PlaceId;
}

/** 2 players: the merchants of the unused colours, re-rolled when met. */
export interface NeutralMerchantView {
  readonly index: number;
  readonly colour: PlayerColour;
  readonly place: PlaceId;
}

/** A figure the expansion adds (courier, companions); empty in the base game. */
export interface ExtraFigureView {
  readonly kind: string;
  readonly seat: Seat | null;
  readonly place: PlaceId;
}

export interface FiguresView {
  readonly merchants: readonly MerchantView[];
  readonly familyMembers: readonly FamilyMemberView[];
  readonly governor: PlaceId;
  readonly smuggler: PlaceId;
  readonly neutralMerchants: readonly NeutralMerchantView[];
  /** Expansion figures (courier, companions); always empty in the base game. */
  readonly extra: readonly ExtraFigureView[];
}

export interface PlayerAssistantsView {
  /** Own assistants under the merchant. */
  readonly inStack: number;
  /** Neutral (variant) assistants under the merchant. */
  readonly neutralInStack: number;
  /** Places where an own assistant stands loose, in place-id order (one entry per assistant). */
  readonly onPlaces: readonly PlaceId[];
  /** Own assistants beside the board (the 5th until the blue mosque tile brings it). */
  readonly inSupply: number;
}

export interface PlayerView {
  readonly seat: Seat;
  readonly colour: PlayerColour;
  readonly lira: number;
  readonly rubies: number;
  readonly goods: Goods;
  /** Per good: 2 + extensions. */
  readonly capacity: number;
  readonly extensions: number;
  /** Colours of the mosque tiles owned. */
  readonly mosqueTiles: readonly Good[];
  /** Number of bonus cards in hand (public); the cards themselves only in the seat's own view. */
  readonly bonusCards: number;
  readonly assistants: PlayerAssistantsView;
  /** 0 = the start player, then clockwise. */
  readonly turnOrder: number;
  readonly isStartPlayer: boolean;
}

/** The kind of the decision being waited for (the top of the pending stack). */
export type DecisionKind =
  | 'move'
  | 'assistant'
  | 'pay'
  | 'action'
  | 'warehouseExtra'
  | 'caravansaryDraw'
  | 'caravansaryDiscard'
  | 'fountain'
  | 'blackMarket'
  /** Reserved: the Tea House announcement is asked in the 'action' decision, so this kind is not produced now. */
  | 'teaHouseRoll'
  | 'redTile'
  | 'encounters'
  | 'governorPay'
  | 'smugglerPay'
  | 'finalCards'
  // Letters & Seals
  /** Discarding letters (double move, Secret Society). */
  | 'letters'
  /** Choosing a kiosk tile (also asked of the other seats). */
  | 'kiosk'
  /** Carrying out a kiosk tile that offers a choice. */
  | 'kioskEffect'
  /** Opening, bidding in or closing the auction (bids are asked of the other seats). */
  | 'auction'
  /** The dice card's good of your choice. */
  | 'cardGood';

export interface DecisionView {
  readonly seat: Seat;
  readonly kind: DecisionKind;
  /** The place whose action this decision belongs to, when it belongs to one. */
  readonly place: PlaceId | null;
  /** Dice on the table for this decision (Black Market, Tea House, red tile), else null. */
  readonly dice: readonly [number, number] | null;
  /** Tea House: the announced number; else null. */
  readonly announced: number | null;
}

export type RollPurpose = 'blackMarket' | 'teaHouse' | 'governor' | 'smuggler' | 'neutralMerchant' | 'redTile' | 'courier' | 'diceCard';

export interface RollView {
  readonly seat: Seat;
  readonly purpose: RollPurpose;
  readonly dice: readonly [number, number];
}

export interface MoveView {
  readonly seat: Seat;
  readonly from: PlaceId;
  readonly to: PlaceId;
  /** Letters & Seals: the companion or the family member moved (absent: the merchant). */
  readonly token?: 'companion' | 'family';
}

/** Letters & Seals: a letter in front of a player, face up (its place, 1 seal) or delivered (2 seals). */
export interface LetterView {
  readonly place: PlaceId;
  readonly delivered: boolean;
}

export interface LettersAndSealsPlayerView {
  readonly seat: Seat;
  /** In the order received. */
  readonly letters: readonly LetterView[];
  /** Seals showing on the letters (1 per face-up letter, 2 per delivered one). */
  readonly seals: number;
  /** The companion: in the general supply ('box'), in the player's supply, or on a place. */
  readonly companion: CompanionPos;
  /** The double move of this round was used. */
  readonly doubleMoveUsed: boolean;
}

export interface KioskTileView {
  /** 0..23. */
  readonly id: number;
  readonly effect: KioskTile;
}

export interface LettersAndSealsView {
  /** The bonus cards: the new ones mixed with the base ones, or alone. */
  readonly cards: ExpansionCards;
  readonly letterDeckCount: number;
  readonly letterDiscardCount: number;
  readonly courier: PlaceId;
  /** Per seat, in seat order. */
  readonly players: readonly LettersAndSealsPlayerView[];
  /** The Kiosk round under way, else null. */
  readonly kiosk: {
    readonly owner: Seat;
    /** Face-up tiles still to choose from. */
    readonly open: readonly KioskTileView[];
    /** Tiles chosen (turned face down) in this round. */
    readonly chosen: readonly KioskTileView[];
    /** Seats still to choose, in order (the owner's last tile comes after them). */
    readonly waiting: readonly Seat[];
  } | null;
  readonly kioskDeckCount: number;
  readonly kioskDiscardCount: number;
  /** The auction under way at the Auction House, else null. */
  readonly auction: {
    readonly owner: Seat;
    /** The highest bid so far (0: none). */
    readonly high: number;
    readonly highSeat: Seat | null;
    /** Seats still to bid once, in order (then the owner's last bid). */
    readonly waiting: readonly Seat[];
  } | null;
  /** The Secret Society: who took the 3/2/1 lira (in order), and the bonuses still lying there. */
  readonly secretSociety: { readonly paid: readonly Seat[]; readonly bonusesLeft: readonly number[] };
  /** Seals needed: for a double move (at least) and at the Secret Society (exactly). */
  readonly doubleMoveSeals: number;
  readonly secretSocietySeals: number;
}

export interface IstanbulPublicView {
  readonly game: 'istanbul';
  readonly playerCount: number;
  readonly layout: LayoutName;
  readonly neutralAssistants: boolean;
  readonly grid: { readonly width: number; readonly height: number };
  /** Places in grid order (row by row from the top-left): cells[row * width + col]. */
  readonly places: readonly PlaceView[];
  readonly figures: FiguresView;
  /** Players in seat order. */
  readonly players: readonly PlayerView[];
  readonly startSeat: Seat;
  /** Rubies a player needs to trigger the end (5, or 6 with 2 players). */
  readonly rubyTarget: number;
  readonly round: number;
  /** The seat whose turn it is (during the final card step: the seat deciding); null when over. */
  readonly turnSeat: Seat | null;
  /** Who must decide now and on what; null when the game is over. */
  readonly decision: DecisionView | null;
  readonly lastMove: MoveView | null;
  readonly lastRoll: RollView | null;
  readonly deckCount: number;
  readonly discardCount: number;
  readonly discardTop: CardKind | null;
  readonly rubiesInSupply: number;
  readonly endTriggered: boolean;
  readonly phase: 'playing' | 'finalCards' | 'over';
  /** Letters & Seals; absent in the base game. */
  readonly lettersAndSeals?: LettersAndSealsView;
  /** Always set by the engine; optional only for views built by hand (render fixtures). */
  readonly bookkeeping?: IstanbulBookkeepingView;
}

/**
 * What a player at the table keeps track of without a secret: the open turn's whole stack of decisions
 * (the view's `decision` is only its top), the turn's flags, the order of the final card step, the counters
 * behind the places' details, and every face-up pile in full (each card, letter and kiosk tile in them was
 * shown when it was played or discarded). Computer players rebuild a game state from it for their search;
 * the hidden piles' contents follow from it, their order never does.
 */
export interface IstanbulBookkeepingView {
  /** Pending decisions, bottom first; the last one is `decision`. */
  readonly pending: readonly Frame[];
  readonly turn: TurnState;
  readonly finalQueue: readonly Seat[];
  /** The Caravansary's face-up discard pile, bottom first. */
  readonly discardPile: readonly CardKind[];
  /**
   * Per seat, the cards known to be in its hand: taken face up from the discard pile and not played or
   * discarded since (a card of the kind leaving the hand counts against them). The rest of a hand is hidden.
   */
  readonly openCards: readonly (readonly CardKind[])[];
  /** Loose assistants per place id, in the order they were left. */
  readonly assistantsAt: readonly (readonly AssistantOwner[])[];
  readonly post: number;
  readonly sultanTaken: number;
  readonly gemstoneTaken: number;
  readonly wainwrightExtensions: number;
  readonly wainwrightRubies: number;
  readonly mosqueTiles: Readonly<Record<Good, readonly number[]>>;
  readonly smallMosqueRubies: number;
  readonly greatMosqueRubies: number;
  readonly smallMarket: readonly number[];
  readonly greatMarket: readonly number[];
  /** Letters & Seals; absent in the base game. */
  readonly lettersAndSeals?: {
    readonly letterDiscardPile: readonly PlaceId[];
    readonly kioskDiscardPile: readonly number[];
    /** Per seat: the round of its last double move (0: none yet). */
    readonly doubleMoveRound: readonly number[];
    readonly extraRubies: number;
  };
}

/** A seat's view: the public view plus that seat's own hand. */
export interface IstanbulSeatView extends IstanbulPublicView {
  readonly seat: Seat;
  readonly hand: readonly CardKind[];
}

export type IstanbulView = IstanbulPublicView | IstanbulSeatView;
