import { formatMessage, type Catalogues, type Locale, type Message } from './message.js';

/** A seat at the table: 0-based index in seating order. */
export type Seat = number;

/**
 * Something that happened, for the log and the turn summary. `visibleTo` limits who may read it
 * (a card drawn into a hand); absent means public.
 */
export interface GameEvent extends Message {
  readonly seat?: Seat;
  readonly visibleTo?: readonly Seat[];
}

/** The events a reader may see: the public ones, and those meant for `viewer` (null: anyone, the public only). */
export function visibleEvents<E extends GameEvent>(events: readonly E[], viewer: Seat | null): E[] {
  return events.filter((e) => e.visibleTo === undefined || (viewer !== null && e.visibleTo.includes(viewer)));
}

export interface ApplyResult<S> {
  readonly state: S;
  readonly events: readonly GameEvent[];
  /**
   * True when the action revealed chance or hidden information (a die roll, a card draw) or handed the
   * decision to someone else: undo may not go back past it.
   */
  readonly checkpoint: boolean;
}

/**
 * What a step of a compound choice achieves (see chain.ts), for ordering and naming compound choices:
 * `action` does something; `routine` only follows from the step before (leave the assistant where you
 * arrived); `payment` pays to be allowed to act; `skip` gives up the action; `end` ends the turn.
 */
export type StepKind = 'action' | 'routine' | 'payment' | 'skip' | 'end';

export interface Standing {
  readonly seat: Seat;
  /** 1 = winner; seats that share a rank tie. */
  readonly rank: number;
  /** The scoring line, e.g. "5 rubies, 12 lira". */
  readonly summary: Message;
}

/**
 * One game, as pure functions over plain-data state. `legalActions` is the single source of truth:
 * an action is legal exactly when it is a member (by `actionKey`).
 */
export interface GameDefinition<S, A, V, O> {
  /** The game's id (the host application's registry lists the games it knows). */
  readonly id: string;
  readonly players: { readonly min: number; readonly max: number };
  /** Validates untrusted options (from a command or a database row). */
  parseOptions(raw: unknown): { ok: true; options: O } | { ok: false; error: string };
  setup(options: O, seed: string): S;
  /** Validates an untrusted action's shape; null when it is not an action of this game. */
  parseAction(raw: unknown): A | null;
  /** Canonical identity of an action, used for membership in `legalActions`. */
  actionKey(action: A): string;
  /** Seats that must decide now (usually one; none when the game is over). */
  activeSeats(state: S): readonly Seat[];
  legalActions(state: S, seat: Seat): readonly A[];
  /** Only called with a legal action; never mutates `state`. */
  apply(state: S, action: A, seat: Seat): ApplyResult<S>;
  isOver(state: S): boolean;
  standings(state: S): readonly Standing[];
  /** `null` = the public view. A view never holds the PRNG state or a deck order. */
  view(state: S, seat: Seat | null): V;
  /** Button labels and log lines. */
  describeAction(action: A): Message;
  /**
   * Optional, for the deciding seat's own panel: per legal action (same order as `actions`), what choosing it
   * costs, gives or leads to, as short parts shown beside its label (none: the label says it all). Only from
   * what that seat may see.
   */
  optionDetails?(state: S, seat: Seat, actions: readonly A[]): readonly (readonly Message[])[];
  /** Optional, for the deciding seat's own panel: why the choice is narrow (a dead end), what is still owed. */
  decisionNotes?(state: S, seat: Seat): readonly Message[];
  /**
   * Optional: the one sensible next step of `legal` for the seat, where the rules leave a single sensible path
   * (leave the assistant where you just arrived, pay to do the action you came for); null where the seat has a
   * real choice. Compound choices (see chain.ts) offer it together with the choice before it, beside the
   * step-by-step path; it never replaces a legal action.
   */
  obviousNext?(state: S, seat: Seat, legal: readonly A[]): A | null;
  /**
   * Optional: the action only opens the seat's next decision (Kairo: "draw 2 cards" before choosing where
   * from). Compound choices then offer it together with each option of that decision.
   */
  opensDecision?(state: S, seat: Seat, action: A): boolean;
  /** Optional: what the step achieves (see StepKind); absent means every step is an `action`. */
  stepKind?(state: S, seat: Seat, action: A): StepKind;
  /**
   * Optional: when the seat's only legal action is a forced answer (a pass it cannot avoid: a bid it cannot
   * raise), the event that tells it with its reason ("passes: cannot outbid 7 lira"), told in place of the
   * action's own first event; null when the seat has a real choice. The host may play such an answer for
   * the player, without asking them.
   */
  forcedAnswer?(state: S, seat: Seat, legal: readonly A[]): GameEvent | null;
  /**
   * Optional: takes a seat out of a running game (the player conceded or was voted out), when the rules
   * let the game go on without it. Returns null when they do not; the host application then keeps the
   * seat in play on autopilot (see the Discord flow's leave policy) or ends the game. Pure, like `apply`;
   * the result's events describe what happened to the seat's pieces.
   */
  removeSeat?(state: S, seat: Seat): ApplyResult<S> | null;
  readonly messages: Catalogues;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameDefinition = GameDefinition<any, any, any, any>;

/** The localised text of an action, for a button label or a log line. */
export function describe<A>(def: GameDefinition<unknown, A, unknown, unknown>, action: A, locale: Locale): string {
  return formatMessage(def.messages, def.describeAction(action), locale);
}
