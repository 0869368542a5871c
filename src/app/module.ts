/**
 * The per-game adapter on the rules side: what the game service needs beyond the engine's
 * GameDefinition to host a game asynchronously. A new game plugs in with one GameModule here and one
 * GamePresenter in src/discord/games (pictures, panel grouping, hand text, help).
 */
import type { AnyGameDefinition, Message } from '../engine/index.js';

/** A value offered for `/game new layout:` or `variant:`; `label` is a key of the Discord catalogue. */
export interface OptionChoice {
  readonly value: string;
  readonly label: Message;
}

/** What the lobby stores (games.options): the engine options are derived from it and the seat count. */
export interface LobbySettings {
  /** Seats the lobby offers (the host may start earlier with at least the minimum). */
  readonly capacity: number;
  readonly layout: string | null;
  readonly variant: string | null;
  /** An expansion of the game (`/game new expansion:`); absent in lobbies stored before expansions existed. */
  readonly expansion?: string | null;
}

export interface GameModule {
  readonly definition: AnyGameDefinition;
  readonly layouts: readonly OptionChoice[];
  readonly variants: readonly OptionChoice[];
  /** Expansions offered for `/game new expansion:` (none when absent or empty). */
  readonly expansions?: readonly OptionChoice[];
  /** The layouts that go with an expansion (or with none), for autocomplete; default: all of `layouts`. */
  layoutsFor?(expansion: string | null): readonly OptionChoice[];
  /** The layout used when none is given, given the expansion; default: the first of `layouts`. */
  defaultLayout?(expansion: string | null): string | null;
  /** Raw options for `definition.parseOptions`, from the lobby's settings and the number of seats. */
  buildOptions(settings: LobbySettings, players: number): unknown;
  /**
   * Changes exactly when a new turn begins (a new board is posted, reminders restart). Default: the
   * active seats.
   */
  turnMarker?(state: unknown): string;
  /**
   * Changes exactly when the channel is owed a new board picture: the turn player changes (see
   * `boardMarkerOf`). Default: the turn marker, a picture at every change of who decides.
   */
  boardMarker?(state: unknown): string;
  /** Optional shape check of a stored state, on top of the generic checks (JSON, engine functions run, replay). */
  isState?(raw: unknown): boolean;
  /** The start player (drawn by the game's setup); play goes on from it by seat. Default: seat 0. */
  startSeat?(state: unknown): number;
}

export type ModuleRegistry = ReadonlyMap<string, GameModule>;

export function turnMarkerOf(module: GameModule, state: unknown): string {
  if (module.turnMarker) return module.turnMarker(state);
  const def = module.definition;
  return def.isOver(state) ? 'over' : def.activeSeats(state).join(',');
}

/**
 * The seats in playing order, the start player first. Seats are stored in the order the lobby's shuffle
 * gave them, but the game's setup draws the start player: players see the playing order (and the numbers
 * on their pieces follow it), never the storage order.
 */
export function playingOrder(module: GameModule, state: unknown, seats: number): number[] {
  const start = module.startSeat?.(state) ?? 0;
  return Array.from({ length: seats }, (_, i) => (start + i) % seats);
}

/**
 * When the channel gets a board picture (a ~450 KB image everyone scrolls past) and when a short text is
 * enough. The rule: a picture when the turn player changes (a new turn, a double move's extra turn, each
 * seat's step of the final card phase), at the start and at the end of the game, and with a line about a
 * seat (it left, was removed, handed to or taken back from a computer) or on /game status. A decision that
 * passes to another seat inside a turn (Letters & Seals: a Kiosk pick, an auction bid; and back to the
 * turn player) gets a short text instead: what was just done and a mention of whoever decides now, with
 * the board's buttons; the table looks again at the next turn's picture, whose summary covers the whole
 * turn. Every die roll in these games is the turn player's, shown on their panel and in the turn's summary,
 * so none needs a picture of its own.
 */
export function boardMarkerOf(module: GameModule, state: unknown): string {
  return module.boardMarker ? module.boardMarker(state) : turnMarkerOf(module, state);
}
