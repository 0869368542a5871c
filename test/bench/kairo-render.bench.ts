/**
 * Render + PNG encode of 4-player Kairo boards on one thread (the biggest images the bot posts for Kairo:
 * every colour extended, 16 stalls, medals, the decision in progress; and the final scoring), and the
 * floor: encoding a blank canvas of the same size. Median and p95 are printed after the run.
 */
import { afterAll, bench, describe } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { renderBoardJob } from '../../src/render/board-job.js';
import { encodeOpaquePng } from '../../src/render/common/index.js';
import { blankCanvasLike, BOARDS, Samples } from './render-boards.js';

const samples = new Samples();
const OPTIONS = { time: 3000, warmupIterations: 5 };

describe('Kairo board: render and encode a 4-player board', () => {
  for (const [name, job] of Object.entries(BOARDS).filter(([, j]) => j.game === 'kairo')) {
    bench(name, () => samples.time(name, () => renderBoardJob(job, GAMES)), OPTIONS);
  }
  for (const [name, job] of Object.entries(BOARDS).filter(([, j]) => j.game === 'kairo')) {
    bench(`${name}, phone picture`, () => samples.time(`${name}, phone picture`, () => renderBoardJob({ ...job, picture: 'phone' }, GAMES)), OPTIONS);
  }
  const blank = blankCanvasLike(BOARDS['kairo 4p late']!);
  bench('blank canvas, encode only', () => samples.time('blank canvas, encode only', () => encodeOpaquePng(blank)), OPTIONS);
});

afterAll(() => samples.print('kairo'));
