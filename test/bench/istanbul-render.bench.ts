/**
 * Render + PNG encode of Istanbul boards on one thread (the work one render worker does per board): 2 and
 * 5 players on the 4x4 grid and on the 5x4 grid with Letters & Seals. Goal: the 5-player 5x4 board's
 * median <= 25 ms. The floor is encoding a blank canvas of the same size; "encode only" is the encoding
 * share of a drawn board. The phone picture is a second job of each board message. Median and
 * p95 of each are printed after the run.
 */
import { afterAll, bench, describe } from 'vitest';
import { encodeOpaquePng } from '../../src/render/common/index.js';
import { GAMES } from '../../src/games/index.js';
import { renderBoardJob } from '../../src/render/board-job.js';
import { drawIstanbulBoard, istanbulBoardLayout } from '../../src/games/istanbul/render/index.js';
import { createCanvas } from '@napi-rs/canvas';
import { blankCanvasLike, BOARDS, Samples } from './render-boards.js';

const samples = new Samples();
const OPTIONS = { time: 3000, warmupIterations: 5 };
const istanbulBoards = Object.entries(BOARDS).filter(([, job]) => job.game === 'istanbul');
const biggest = BOARDS['istanbul 5p 5x4 Letters & Seals']!;

describe('Istanbul board: render and encode', () => {
  for (const [name, job] of istanbulBoards) {
    bench(name, () => samples.time(name, () => renderBoardJob(job, GAMES)), OPTIONS);
  }
});

describe('Istanbul phone picture (800 px wide): render and encode, drawn beside the board in the pool', () => {
  for (const name of ['istanbul 5p 4x4 late', 'istanbul 5p 5x4 Letters & Seals']) {
    const job = BOARDS[name]!;
    bench(`${name}, phone picture`, () => samples.time(`${name}, phone picture`, () => renderBoardJob({ ...job, picture: 'phone' }, GAMES)), OPTIONS);
  }
});

describe('Istanbul board: the encoding floor (1600 px wide, 5x4 with the letters band)', () => {
  const blank = blankCanvasLike(biggest);
  bench('blank canvas, encode only', () => samples.time('blank canvas, encode only', () => encodeOpaquePng(blank)), OPTIONS);
  if (biggest.game === 'istanbul') {
    const layout = istanbulBoardLayout(biggest.view);
    const drawn = createCanvas(layout.width, layout.height);
    drawIstanbulBoard(drawn.getContext('2d'), biggest.view, biggest.options, layout);
    bench('5p 5x4 Letters & Seals, encode only', () => samples.time('5p 5x4 Letters & Seals, encode only', () => encodeOpaquePng(drawn)), OPTIONS);
  }
});

afterAll(() => samples.print('istanbul'));
