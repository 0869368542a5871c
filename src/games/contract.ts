/**
 * What a game hands the bot: one GamePlugin (its folder's game.ts), registered with one line in
 * src/games/index.ts. Its parts are the GameModule the game service hosts (lobby options, turn and board
 * markers, the stored-state check), the GamePresenter the Discord layer shows (pictures, panel grouping,
 * prompts, the hand, help; pure: no discord.js), the computer player's policy and the board pictures.
 * Everything else in src/app and src/discord is game-agnostic: the commands, the lobby, the board
 * message, the turn panel (generated from legalActions), reminders and votes.
 */
import type { AnyGameDefinition, Catalogues, GameEvent, Locale, Message, Seat } from '../engine/index.js';
import type { GamePolicy } from '../engine/ai/index.js';
import type { BoardPictures, BoardRenderer, RenderPriority } from '../render/board-job.js';
import type { ScoreChart } from '../render/chart.js';
import type { BoardWords } from './board-words.js';

/** One game, everything it owns. */
export interface GamePlugin<Id extends string = string> {
  /** The game's id: its definition's id, the `/game new game:` value and the stored games' kind. */
  readonly id: Id;
  /** What the game service needs to host it (its `definition` is the rules). */
  readonly module: GameModule;
  /** Its presenter, drawing its pictures with `boards` (the render pool in the bot). */
  presenter(boards: BoardRenderer): GamePresenter;
  /** The computer player's policy, run in the AI worker; a game without one has no computer players there. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly policy?: GamePolicy<any, any, any>;
  /**
   * Its board and phone pictures, loaded on first use (a dynamic import of its render/ folder), so that
   * only the threads that draw load canvas: not the AI worker, not the game service.
   */
  pictures(): Promise<BoardPictures>;
}

// ----- the game service's side ---------------------------------------------------------------------------

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
  /** A learning game (`/game learn`): its players are coached after each decision. Absent: an ordinary game. */
  readonly learn?: boolean;
  /** The time bank (`/game new clock:`, see src/app/time-bank.ts); absent: none. */
  readonly clock?: string;
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
  /**
   * The colour of the seat's pieces, so the text can mark each name as the picture does. A game whose
   * pieces carry no player colour (Kairo's numbered discs) leaves it out: its names are marked with
   * their number in the playing order.
   */
  pieceColour?(state: unknown, seat: number): PieceColour | undefined;
}

/** The player colours a text marker exists for (a coloured square next to the name). */
export type PieceColour = 'red' | 'blue' | 'green' | 'yellow' | 'white' | 'black' | 'purple' | 'orange' | 'brown';

export type ModuleRegistry = ReadonlyMap<string, GameModule>;

// ----- the Discord side ----------------------------------------------------------------------------------

export interface RenderOptions {
  readonly locale: Locale;
  /** Display names by seat. */
  readonly names: readonly string[];
  /**
   * The final ranks, once the game is over (the picture marks the winner, and draws the game over even when
   * it ended before the rules' end: won because every other player left, or ended early with no winner named).
   */
  readonly ranks?: readonly { readonly seat: Seat; readonly rank: number }[];
  /**
   * The public events since the player to move last decided (a game over: its last turn's), so the picture
   * can mark what changed for them: in a game of more than two, every other player's turn since.
   */
  readonly lastTurn?: readonly GameEvent[];
}

export interface ActionGroup {
  /** Actions with the same id share a row of buttons or a select menu. */
  readonly id: string;
  /** The select's placeholder: a key of the presenter's catalogue, or of the engine's. */
  readonly label: Message;
  /** Always-open actions (bonus cards, tiles, ending the turn): shown last, in grey. */
  readonly always: boolean;
}

export type HelpTopic = 'rules' | 'decisions';

export interface GamePresenter {
  readonly kind: string;
  /** The presenter's own words (group labels, option labels, help), complete in en, de and nl. */
  readonly messages: Catalogues;
  /** The game's name. */
  name(locale: Locale): string;
  /** Formats a message of the game's engine (action labels, events, standing summaries, option labels). */
  format(message: Message, locale: Locale, names: readonly string[]): string;
  /**
   * A shorter wording of the same message (an action, a cost or gain), for a compound choice's label that has
   * no room for the full one (its description keeps the full text); undefined: the message has none.
   */
  shortForm?(message: Message): Message | undefined;
  /**
   * The board picture of the public view, as a PNG: a live turn's ('now', unless said), or one someone asked
   * for ('asked': a replay frame), drawn behind the live boards and refused when too many wait.
   */
  renderBoard(view: unknown, options: RenderOptions, priority?: RenderPriority): Promise<Buffer> | Buffer;
  /**
   * The same board as a compact picture made to be read on a phone (Discord shows images about 400 px
   * wide there), drawn only when someone wants it: 'asked' for Phone view (behind the boards of live turns),
   * 'now' with the turn panel of a player who chose it. A game without one offers no Phone view.
   */
  renderPhoneBoard?(view: unknown, options: RenderOptions, priority: RenderPriority): Promise<Buffer>;
  /**
   * The public board in words (board-words.ts), in `options.locale` with `options.names`: the alt text of
   * every picture of the board and "Board as text". From the public view only; `options.lastTurn` (public
   * events) is what the last turn changed, `options.ranks` the end of a game over.
   */
  describe(view: unknown, options: RenderOptions): BoardWords;
  /**
   * The game's symbols (goods, money, …) as the app's own emojis: their names (a-z, 0-9 and _, at most 25
   * characters, unique over the games) and each one's picture, drawn in the render pool.
   */
  readonly emojis?: { readonly symbols: readonly string[]; draw(symbol: string): Promise<Buffer> };
  /**
   * The symbol an action's label (its describeAction message) is about, with the label's words for when
   * the symbol's emoji stands beside it (shorter where the emoji shows what a word said); undefined: none.
   */
  symbolOf?(message: Message): { readonly symbol: string; readonly message: Message } | undefined;
  /** One short line under the title of the board message (round, phase), or ''. */
  status(view: unknown, locale: Locale, names: readonly string[]): string;
  /**
   * The colour of a seat's pieces on the pictures (CSS `#rrggbb`), for the bar of the board post; a game whose
   * players have no colour of their own has none (the post takes the seat's colour of the shared palette).
   */
  seatColour?(view: unknown, seat: Seat): string | undefined;
  /** What the seat is deciding now, for the panel's heading. */
  prompt(view: unknown, seat: Seat, locale: Locale, names: readonly string[]): string;
  /**
   * What changed for the seat since its player last decided, for the start of their panel: from the public
   * events since then (oldest first) and the seat's own view now, what the rules make matter to it (a place
   * in its reach taken, a price risen, its own pieces affected), in the game's words; [] when nothing did.
   */
  changedFor?(events: readonly GameEvent[], seatView: unknown, seat: Seat): readonly Message[];
  /**
   * The seat's private hand, from its own view. Only ever sent ephemerally to that seat's player. `mark`: what
   * stands before the words of a symbol of `emojis` (its emoji and a space, or '': the words alone).
   */
  hand(seatView: unknown, seat: Seat, locale: Locale, names: readonly string[], mark?: (symbol: string) => string): string;
  group(action: unknown): ActionGroup;
  /**
   * A compound choice's own group (a select of its own), when "In one go…" would hold more than a select
   * shows: Kairo's start stall, its colour with each section, a field with each entrance. Undefined: the
   * one "In one go…" group.
   */
  compoundGroup?(steps: readonly unknown[]): { readonly id: string; readonly label: Message } | undefined;
  /**
   * A picture of the public view for the deciding seat's panel, when no board picture in the channel shows
   * what the decision needs (Kairo's start: the stalls are placed one by one under one picture): drawn in
   * the render pool, like the boards, with its description (alt text). Null: the panel carries no picture now.
   */
  panelPicture?(view: unknown, options: RenderOptions): { readonly png: Promise<Buffer>; readonly description: string } | null;
  help(topic: HelpTopic, locale: Locale): string;
  /** The pictures of /help rules, when the game has them. */
  readonly rulesCards?: RulesCards;
  /** What the end-of-game chart follows, per seat, from a public view (Istanbul: rubies; Kairo: points). */
  readonly scoreTrack?: {
    readonly label: 'summary.rubies' | 'summary.points';
    scores(view: unknown): number[];
    /** Draws the chart (in the render pool, like the boards). */
    draw(chart: ScoreChart): Promise<Buffer>;
  };
}

export type PresenterRegistry = ReadonlyMap<string, GamePresenter>;

/**
 * `/help rules` shows a picture per place (Istanbul) or card kind (Kairo) with its text:
 * the subjects in order, their words, and their picture (drawn in the render pool from the board's own
 * artwork).
 */
export interface RulesCards {
  /** The select menu's placeholder ("Show a place of the board…"). */
  menu(locale: Locale): string;
  /** The places or card kinds, in order: `id` stays the same in every language. */
  subjects(locale: Locale): readonly { readonly id: string; readonly label: string; readonly description: string }[];
  /** A subject's title and text; undefined for an id that is none of `subjects`. */
  text(id: string, locale: Locale): { readonly title: string; readonly text: string } | undefined;
  /**
   * Its picture as a PNG; `position` is drawn beside the title ("3 / 20"). Asked for: drawn behind the boards
   * of live turns, refused (RenderBusyError) when too many asked pictures wait.
   */
  render(id: string, locale: Locale, position: string): Promise<Buffer>;
}
