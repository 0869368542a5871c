/**
 * What leaves the Kairo engine: the public view (the whole board as everyone at the table sees it, enough
 * for a renderer to draw every field) and a seat's view (the same plus that seat's hand and coins).
 * Renderers and presenters import these types only.
 *
 * Never in a view: another player's hand, the deck order, the neutral bag order, the PRNG state. Coins lie
 * behind the screens, but every coin comes and goes in the open (the fixed start money, each income, each
 * joker coin and extension payment is announced), so the bookkeeping carries each player's coins as a
 * player at the table counts them; the board shows nobody's, and `final` shows them once the game is over. Every field of a
 * seat view is declared in fields.ts (the computer player refuses a view with any other field).
 */
import type { Area, CardType, Colour } from '../data/board.js';
import type { Direction, FieldId } from '../data/geometry.js';
import type { BuildMode, BuildStep, Coins, Pending, Phase, Seat, SetupPlacement, StallOwner, StartMode } from '../types.js';

export type { Area, BuildMode, BuildStep, CardType, Coins, Colour, Direction, FieldId, Phase, Seat, StallOwner, StartMode };

export interface KairoCardView {
  readonly type: CardType;
  /** Sections the card allows building in (1 for a standard card, 3 for a joker). */
  readonly sections: readonly number[];
  readonly joker: boolean;
}

export interface KairoFieldView {
  /** y * 14 + x. */
  readonly id: FieldId;
  readonly x: number;
  readonly y: number;
  /** Column letter A..N and row 1..10, e.g. "B1". */
  readonly label: string;
  readonly area: Area;
  /** Market section 1..9 (a restaurant field: the section it touches); null off the board. */
  readonly section: number | null;
  /** One of the 5 customer start fields. */
  readonly startField: boolean;
  /** A stall tile on this field: the main stall or one of its extensions. */
  readonly stall: { readonly stall: number; readonly colour: Colour; readonly owner: StallOwner; readonly main: boolean } | null;
  /** The entrance of a main stall on this field. */
  readonly entrance: { readonly stall: number; readonly colour: Colour; readonly owner: StallOwner; readonly side: Direction } | null;
  /** The customer standing here. */
  readonly customer: Colour | null;
}

export interface KairoStallView {
  /** Index into `stalls` (stable for the whole game). */
  readonly index: number;
  readonly owner: StallOwner;
  readonly colour: Colour;
  readonly main: FieldId;
  readonly entrance: FieldId;
  /** The side of the main stall the entrance lies on. */
  readonly entranceSide: Direction;
  readonly extensions: readonly FieldId[];
  /** Main stall plus extensions. */
  readonly size: number;
}

export interface KairoMedalView {
  readonly gold: Seat | null;
  readonly silver: Seat | null;
}

export interface KairoPlayerView {
  readonly seat: Seat;
  readonly score: number;
  readonly criers: number;
  /** Number of building cards in hand (the cards themselves are hidden). */
  readonly handCount: number;
  /** Main stall colours not yet on the board. */
  readonly stallsInSupply: readonly Colour[];
  /** Final phase: this player stopped building. */
  readonly out: boolean;
  readonly startPlayer: boolean;
  /** Medals held: colour and kind. */
  readonly medals: readonly { readonly colour: Colour; readonly medal: 'gold' | 'silver' }[];
}

/** The decision in progress, as the table sees it. */
export interface KairoPendingView {
  readonly seat: Seat;
  readonly kind: 'turn' | 'build' | 'lead' | 'draw';
  /** Build: what is built. */
  readonly mode: BuildMode | null;
  readonly colour: Colour | null;
  readonly step: BuildStep | 'target' | 'take' | 'discard' | 'choose' | null;
  /** Build: the card(s) played (public once played) and the joker's coin. */
  readonly cardsPlayed: readonly CardType[];
  readonly jokerCoin: Colour | null;
  /** Build: sections the payment allows (null = any). */
  readonly sections: readonly number[] | null;
  readonly section: number | null;
  readonly field: FieldId | null;
  /** Extension: cost in coins (the stall's new size). */
  readonly cost: number | null;
  /** Draw: cards drawn so far this turn. */
  readonly drawn: number;
}

export interface KairoFinalView {
  readonly seat: Seat;
  /** Points from scoring the medals once more. */
  readonly medalPoints: number;
  /** Coins left (revealed at the end) and the points they give (1 per 3). */
  readonly coins: number;
  readonly coinPoints: number;
  readonly score: number;
  readonly rank: number;
}

export interface KairoSetupView {
  /** Start stalls still to place (variable start). */
  readonly remaining: number;
  /** 2 players: the neutral stall being placed now (drawn from the bag), if any. */
  readonly neutralColour: Colour | null;
  /** 2 players: neutral stalls still in the bag. */
  readonly neutralStallsInBag: number;
}

/**
 * What a player at the table keeps track of without a secret: the decision in progress in full, the whole
 * face-up discard pile (every card in it was shown when played or discarded), the start placements still to
 * come and the neutral stall colours still in the bag (those not yet on the board; the draw order stays
 * hidden), and every player's coins as counted from the open start money, incomes and payments (the screens
 * hide the coins, not the counting). Computer players rebuild a game state from it for their search.
 */
export interface KairoBookkeepingView {
  readonly pending: Pending;
  /**
   * Per seat, the coins by colour that the open events add up to: the start money, plus every income,
   * minus every joker coin and extension payment (an extension's payment is shown in `pending` while it
   * is being paid). No coin changes hands any other way, so this is exact.
   */
  readonly countedCoins: readonly Coins[];
  /** The discard pile, bottom first. */
  readonly discardPile: readonly CardType[];
  readonly setupQueue: readonly SetupPlacement[];
  /** 2 players: the colours of the neutral stalls still to be drawn, sorted (not in draw order). */
  readonly neutralColoursLeft: readonly Colour[];
}

export interface KairoPublicView {
  readonly game: 'kairo';
  readonly playerCount: number;
  readonly startMode: StartMode;
  readonly phase: Phase;
  /** True once the final phase began (only building is allowed). */
  readonly finalPhase: boolean;
  readonly startSeat: Seat;
  /** The seat that must decide now; null when the game is over. */
  readonly activeSeat: Seat | null;
  /** Regular turns completed. */
  readonly turn: number;
  readonly board: { readonly width: number; readonly height: number; readonly fields: readonly KairoFieldView[] };
  readonly stalls: readonly KairoStallView[];
  /** Field of each customer; null = off the board. */
  readonly customers: Readonly<Record<Colour, FieldId | null>>;
  readonly offBoardCustomer: Colour;
  readonly display: readonly KairoCardView[];
  readonly deckCount: number;
  readonly discardCount: number;
  readonly crierSupply: number;
  readonly extensionSupply: Readonly<Record<Colour, number>>;
  readonly medals: Readonly<Record<Colour, KairoMedalView>>;
  readonly medalPoints: { readonly gold: number; readonly silver: number };
  readonly players: readonly KairoPlayerView[];
  readonly pending: KairoPendingView | null;
  readonly setup: KairoSetupView | null;
  /** The final scoring, once the game is over. */
  readonly final: readonly KairoFinalView[] | null;
  /** Always set by the engine; optional only for views built by hand. */
  readonly bookkeeping?: KairoBookkeepingView;
}

export interface KairoSeatView extends KairoPublicView {
  readonly seat: Seat;
  /** This seat's building cards. */
  readonly hand: readonly KairoCardView[];
  /** This seat's coins by colour. */
  readonly coins: Readonly<Coins>;
}

export type KairoView = KairoPublicView | KairoSeatView;
