/**
 * One board picture to draw, as plain data (a public view and the options), so it can cross into a
 * worker thread; and the one function that draws it, wherever it runs.
 */
import { renderIstanbulBoard, renderIstanbulPhone, type IstanbulRenderOptions, type PublicViewOnly as IstanbulView } from './istanbul/index.js';
import { renderKairoBoard, renderKairoPhone, type KairoRenderOptions, type PublicViewOnly as KairoView } from './kairo/index.js';
import { renderScoreChart, type ScoreChart } from './chart.js';

/** The full board (1600 px wide), or the compact picture made to be read on a phone (800 px wide). */
export type BoardPicture = 'board' | 'phone';

export type BoardJob =
  | { readonly game: 'istanbul'; readonly view: IstanbulView; readonly options: IstanbulRenderOptions; readonly picture?: BoardPicture }
  | { readonly game: 'kairo'; readonly view: KairoView; readonly options: KairoRenderOptions; readonly picture?: BoardPicture }
  /** The end-of-game summary chart (plain numbers from the public views of a replay). */
  | { readonly game: 'chart'; readonly view: ScoreChart; readonly options: Record<string, never> };

/** Draws boards and answers with PNG bytes; rejects when a board cannot be drawn (or not in time). */
export interface BoardRenderer {
  render(job: BoardJob): Promise<Buffer>;
}

/** Draws and encodes the board on the calling thread. */
export function renderBoardJob(job: BoardJob): Promise<Buffer> {
  switch (job.game) {
    case 'istanbul':
      return job.picture === 'phone' ? renderIstanbulPhone(job.view, job.options) : renderIstanbulBoard(job.view, job.options);
    case 'kairo':
      return job.picture === 'phone' ? renderKairoPhone(job.view, job.options) : renderKairoBoard(job.view, job.options);
    case 'chart':
      return Promise.resolve(renderScoreChart(job.view));
    default:
      return Promise.reject(new TypeError(`no renderer for the game ${String((job as { game: unknown }).game)}`));
  }
}

/**
 * The board renderer on the calling thread. The bot draws in its worker pool; this one is for tools and
 * for tests about something else than where the drawing runs.
 */
export const inProcessBoardRenderer: BoardRenderer = { render: renderBoardJob };
