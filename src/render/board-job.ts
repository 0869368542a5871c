/**
 * One board picture to draw, as plain data (a public view and the options), so it can cross into a
 * worker thread; and the one function that draws it, wherever it runs. Each game draws its own pictures
 * (src/games/<game>/render); this file finds them through the game registry it is handed.
 */
import { renderScoreChart, type ScoreChart } from './chart.js';

/**
 * The full board (1600 px wide), or the compact picture made to be read on a phone (800 px wide); 'rules':
 * a rules card of /help rules, whose `view` names the place or card kind and whose
 * `options` are its words (src/render/rules-card.ts); 'emoji': one of the game's symbols as the app's own
 * emoji, whose `view` names the symbol (src/render/emoji.ts).
 */
export type BoardPicture = 'board' | 'phone' | 'rules' | 'emoji';

/** A game's board picture: `view` and `options` are what that game's renderers take. */
export interface GameBoardJob {
  /** The game's id (its definition's id). */
  readonly game: string;
  readonly view: unknown;
  readonly options: unknown;
  readonly picture?: BoardPicture;
}

/** The end-of-game summary chart (plain numbers from the public views of a replay), common to all games. */
export interface ChartJob {
  readonly game: 'chart';
  readonly view: ScoreChart;
  readonly options: Record<string, never>;
  readonly picture?: never;
}

export type BoardJob = GameBoardJob | ChartJob;

/** A game's pictures of its public view: the board, and the compact phone picture if it has one. */
export interface BoardPictures {
  board(view: unknown, options: unknown): Promise<Buffer>;
  phone?(view: unknown, options: unknown): Promise<Buffer>;
  /** A rules card of /help rules: `subject` a place or card kind of the game, `options` its words. */
  rules?(subject: unknown, options: unknown): Promise<Buffer>;
  /** One of the game's symbols (GamePresenter.emojis) as a 128 x 128 emoji; rejects for another name. */
  emoji?(symbol: string): Promise<Buffer>;
}

/** Where the games' pictures are found (the game registry, src/games/registry.ts). */
export interface PictureSource {
  /** Rejects for a game it does not know. */
  pictures(game: string): Promise<BoardPictures>;
}

/**
 * 'now': a live turn's picture, which the players wait for to play on (a board, a turn panel's picture).
 * 'asked': a picture someone asked for besides the play (a replay frame, a Phone view, a rules card):
 * drawn when no 'now' picture waits, so what players ask for never slows what they wait for.
 */
export type RenderPriority = 'now' | 'asked';

/**
 * An 'asked' picture refused because as many already wait as the renderer allows: the one who asked is told
 * the bot is busy (and may ask again), rather than waiting behind them.
 */
export class RenderBusyError extends Error {
  override readonly name = 'RenderBusyError';
}

/** Draws boards and answers with PNG bytes; rejects when a board cannot be drawn (or not in time). */
export interface BoardRenderer {
  /**
   * `priority` 'now' unless said; an 'asked' picture may be refused with RenderBusyError, and `signal`
   * withdraws it while it waits. A renderer without priorities draws in order.
   */
  render(job: BoardJob, priority?: RenderPriority, signal?: AbortSignal): Promise<Buffer>;
  /** Pictures waiting for a worker, 'now' and 'asked' (a new one would not start at once); none if absent. */
  backlog?(): number;
}

/** Draws and encodes the board on the calling thread, with the pictures of the game the job names. */
export async function renderBoardJob(job: BoardJob, games: PictureSource): Promise<Buffer> {
  if (job.game === 'chart') return renderScoreChart((job as ChartJob).view);
  const { game, view, options, picture } = job as GameBoardJob;
  const pictures = await games.pictures(game);
  if (picture === 'rules') {
    if (pictures.rules === undefined) throw new TypeError(`the game ${game} has no rules cards`);
    return pictures.rules(view, options);
  }
  if (picture === 'emoji') {
    if (pictures.emoji === undefined) throw new TypeError(`the game ${game} has no emojis`);
    return pictures.emoji(String(view));
  }
  if (picture !== 'phone') return pictures.board(view, options);
  if (pictures.phone === undefined) throw new TypeError(`the game ${game} has no phone picture`);
  return pictures.phone(view, options);
}

/**
 * The board renderer on the calling thread, for the games of `games`. The bot draws in its worker pool;
 * this one is for tools and for tests about something else than where the drawing runs.
 */
export function inProcessBoardRenderer(games: PictureSource): BoardRenderer {
  return { render: (job) => renderBoardJob(job, games) };
}
