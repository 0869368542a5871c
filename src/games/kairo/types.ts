/**
 * Kairo's state and actions: plain JSON data only (numbers, strings, arrays, records), so a state survives
 * a database round trip and replays exactly.
 */
import type { RngState, Seat } from '../../engine/index.js';
import type { CardType, Colour } from './data/board.js';
import type { Direction, FieldId } from './data/geometry.js';

export type { CardType, Colour, Direction, FieldId, Seat };

export type StartMode = 'variable' | 'quick';

export interface KairoOptions {
  readonly players: number;
  /** 'variable': players place their start stalls in turn; 'quick': the engine places them legally at random. */
  readonly start: StartMode;
}

/** Owner of a main stall: a seat, or 'neutral' (the 2-player game's six neutral stalls). */
export type StallOwner = Seat | 'neutral';

export type Coins = Record<Colour, number>;

export interface KairoStall {
  readonly owner: StallOwner;
  readonly colour: Colour;
  /** The main stall's field. */
  main: FieldId;
  /** Its entrance (always in the market, orthogonally next to `main`). */
  entrance: FieldId;
  /** Extension fields in the order they were built. */
  ext: FieldId[];
}

export interface KairoPlayer {
  /** Coins by colour: hidden behind the screen. */
  coins: Coins;
  /** Building cards in hand (hidden), sorted. */
  hand: CardType[];
  /** Crier cards (open). */
  criers: number;
  score: number;
  /** Final phase: this player did not or could not build and is out. */
  out: boolean;
}

export interface Medal {
  gold: Seat | null;
  silver: Seat | null;
}

export type BuildMode = 'setup' | 'neutral' | 'stall' | 'extend' | 'relocate';
export type BuildStep = 'card' | 'jokerCoin' | 'section' | 'field' | 'entrance' | 'payStall' | 'payOther';

/** How the building card(s) were paid. */
export type CardPayment =
  | { readonly t: 'card'; readonly card: CardType }
  | { readonly t: 'joker'; readonly card: CardType; coin: Colour | null }
  | { readonly t: 'three'; readonly cards: readonly CardType[] };

export interface BuildPending {
  readonly k: 'build';
  readonly mode: BuildMode;
  readonly colour: Colour;
  step: BuildStep;
  payment: CardPayment | null;
  /** Sections the payment allows; null = any section. */
  sections: number[] | null;
  section: number | null;
  field: FieldId | null;
  /** Extension: the stall's size after the extension = its cost in coins. */
  cost: number;
  /** Extension: coins of the stall's colour paid. */
  paidStall: number;
  /** Extension: coins of other colours still owed (2 count for 1 of the stall's colour). */
  owedOther: number;
  /** Extension: other-colour coins paid so far. */
  paidOther: Partial<Record<Colour, number>>;
  /** Extension: the other colour whose coins are decided next (colours are decided in colour order). */
  payColour: Colour | null;
}

export interface LeadPending {
  readonly k: 'lead';
  readonly colour: Colour;
}

export interface DrawPending {
  readonly k: 'draw';
  /** Cards drawn so far this turn (0..2). */
  taken: number;
}

export interface TurnPending {
  readonly k: 'turn';
}

export type Pending = TurnPending | BuildPending | LeadPending | DrawPending;

export type Phase = 'setup' | 'play' | 'final' | 'over';

export interface SetupPlacement {
  readonly seat: Seat;
  /** A neutral stall (2 players): its colour is drawn from the bag when the placement begins. */
  readonly neutral: boolean;
}

export interface FinalScore {
  readonly seat: Seat;
  readonly medalPoints: number;
  readonly coins: number;
  readonly coinPoints: number;
}

export interface KairoState {
  readonly game: 'kairo';
  readonly options: KairoOptions;
  rng: RngState;
  phase: Phase;
  startSeat: Seat;
  /** Whose decision it is (the turn player, or the setup placer). */
  seat: Seat;
  players: KairoPlayer[];
  stalls: KairoStall[];
  /** Where each customer stands; exactly one is null (off the board, beside its money tableau). */
  customers: Record<Colour, FieldId | null>;
  /** Draw pile, top first (hidden). */
  deck: CardType[];
  display: CardType[];
  discard: CardType[];
  /** Crier cards in the supply. */
  criers: number;
  /** Extensions left in the supply per colour. */
  extensions: Record<Colour, number>;
  medals: Record<Colour, Medal>;
  /** Variable start: the placements still to make, the current one first. */
  setupQueue: SetupPlacement[];
  /** 2 players: neutral stall colours still in the bag. */
  neutralBag: Colour[];
  pending: Pending;
  /** Turns completed since the first regular turn. */
  turn: number;
  final: FinalScore[] | null;
}

/**
 * One atomic decision. A turn is a stack of them: e.g. build (extend red) -> card -> field -> coins.
 * Fields are field ids (y * 14 + x); labels like "C4" appear in descriptions.
 */
export type KairoAction =
  /** Turn choice (and, in the variable start, the colour of the next start stall). */
  | { readonly t: 'build'; readonly kind: 'stall' | 'extend' | 'relocate'; readonly colour: Colour }
  | { readonly t: 'lead'; readonly colour: Colour }
  | { readonly t: 'draw' }
  /** Final phase: stop building (out for the rest of the game). */
  | { readonly t: 'pass' }
  /** Card payment: one standard card for its section. */
  | { readonly t: 'card'; readonly card: CardType }
  /** Card payment: a joker (plus 1 coin) for one of its sections. */
  | { readonly t: 'joker'; readonly card: CardType }
  /** Card payment: any 3 cards (sorted) for any section. */
  | { readonly t: 'three'; readonly cards: readonly CardType[] }
  /** The coin paid with a joker. */
  | { readonly t: 'jokerCoin'; readonly colour: Colour }
  | { readonly t: 'section'; readonly section: number }
  | { readonly t: 'field'; readonly field: FieldId }
  /** Which side of the main stall its entrance lies on. */
  | { readonly t: 'entrance'; readonly dir: Direction }
  /** Extension cost: how many coins of the stall's colour (`colour` is the stall's colour). */
  | { readonly t: 'payStall'; readonly colour: Colour; readonly count: number }
  /**
   * Extension cost: how many coins of another colour (2 count for 1). The other colours are decided one
   * at a time in colour order; 0 is allowed when the later colours can still cover the rest.
   */
  | { readonly t: 'payOther'; readonly colour: Colour; readonly count: number }
  /** Lead: the entrance the customer goes to (when the player has a choice). */
  | { readonly t: 'target'; readonly field: FieldId }
  | { readonly t: 'takeDisplay'; readonly card: CardType }
  | { readonly t: 'takeDeck' }
  | { readonly t: 'takeCrier' }
  /** Hand limit: discard one building card. */
  | { readonly t: 'discard'; readonly card: CardType };

/** The action of one kind, `KairoActionOf<'build'>`. */
export type KairoActionOf<T extends KairoAction['t']> = Extract<KairoAction, { readonly t: T }>;
