/**
 * The per-game adapter on the Discord side. Everything else in src/discord is game-agnostic: the
 * commands, the lobby, the board message, the turn panel (generated from legalActions), reminders and
 * votes. A game plugs in with a GamePresenter here and a GameModule in src/app/games, registered in
 * src/discord/games/index.ts and src/app/games/index.ts.
 */
import type { Catalogues, GameEvent, Locale, Message, Seat } from '../../engine/index.js';
import type { ScoreChart } from '../../render/chart.js';

export interface RenderOptions {
  readonly locale: Locale;
  /** Display names by seat. */
  readonly names: readonly string[];
  /** The final ranks, once the game is over (the picture marks the winner). */
  readonly ranks?: readonly { readonly seat: Seat; readonly rank: number }[];
  /** The last turn's public events, so the picture can mark what changed. */
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
  /** The board picture of the public view, as a PNG. */
  renderBoard(view: unknown, options: RenderOptions): Promise<Buffer> | Buffer;
  /**
   * The same board as a compact picture made to be read on a phone (Discord shows images about 400 px
   * wide there), posted beside the board; a game without one posts the board alone.
   */
  renderPhoneBoard?(view: unknown, options: RenderOptions): Promise<Buffer>;
  /** One short line under the title of the board message (round, phase), or ''. */
  status(view: unknown, locale: Locale, names: readonly string[]): string;
  /** What the seat is deciding now, for the panel's heading. */
  prompt(view: unknown, seat: Seat, locale: Locale, names: readonly string[]): string;
  /** The seat's private hand, from its own view. Only ever sent ephemerally to that seat's player. */
  hand(seatView: unknown, seat: Seat, locale: Locale, names: readonly string[]): string;
  group(action: unknown): ActionGroup;
  help(topic: HelpTopic, locale: Locale): string;
  /** What the end-of-game chart follows, per seat, from a public view (Istanbul: rubies; Kairo: points). */
  readonly scoreTrack?: {
    readonly label: 'summary.rubies' | 'summary.points';
    scores(view: unknown): number[];
    /** Draws the chart (in the render pool, like the boards). */
    draw(chart: ScoreChart): Promise<Buffer>;
  };
}

export type PresenterRegistry = ReadonlyMap<string, GamePresenter>;
