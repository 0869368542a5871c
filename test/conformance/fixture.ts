/**
 * What a game hands the conformance suite (test/conformance/): data, not tests. Each game's test folder
 * holds one, test/games/<game>/conformance.ts, exporting `conformance`; the suite finds them there.
 */
import type { Locale, MessageParam, RngState, Seat } from '../../src/engine/index.js';
import type { GamePlugin } from '../../src/games/contract.js';

export type PlayoutPolicy = (state: unknown, seat: Seat, legal: readonly unknown[], rng: RngState) => unknown;

export interface ConformanceFixture {
  /** The game's id, as registered. */
  readonly game: string;
  /** A game only the tests host (Tally): registered for the suite beside the built-in games. */
  readonly plugin?: GamePlugin;
  /**
   * How the playouts choose among the legal actions (default: uniformly at random): a game whose random
   * play wanders for thousands of moves leans towards progress, keeping every action a chance.
   */
  readonly playoutPolicy?: PlayoutPolicy;
  /** A playout that has not ended after this many actions fails. */
  readonly maxActions: number;
  /**
   * What `seat` keeps hidden from the others (its hand), drawn differently: a state that differs from
   * `state` in that alone, or null when the seat holds no secret now. Null for a game without secrets.
   */
  readonly changeSecrets: ((state: unknown, seat: Seat, rng: RngState) => unknown) | null;
  /**
   * The game's own checks of its views in a state (what its fuzzers scan: no hand, deck or PRNG in the
   * public view, each seat's view its own hand and nothing more); throws on a leak. Absent: none beyond the suite's.
   */
  readonly checkViews?: (state: unknown) => void;
  /**
   * The game's parameter conventions: a sample value by parameter name (a seat, a place, a list of goods),
   * for formatting every one of its templates; a parameter without one is given 2.
   */
  readonly messageSamples?: Readonly<Record<string, MessageParam>>;
  /** The languages the game's words are written in (default: every locale the bot speaks). */
  readonly locales?: readonly Locale[];
}

/**
 * A hand of hidden cards exchanged for cards of other kinds from a hidden pile (what a seat could hold
 * instead); null when the pile has none to exchange.
 */
export function handFromPile<Card>(hand: readonly Card[], pile: readonly Card[]): Card[] | null {
  const rest = pile.slice();
  const other = hand.map((card) => {
    const at = rest.findIndex((kind) => kind !== card);
    return at < 0 ? card : (rest.splice(at, 1)[0] as Card);
  });
  return other.every((card, i) => card === hand[i]) ? null : other;
}
