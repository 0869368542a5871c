/**
 * Render + PNG encode of a late 4-player Kairo board (the biggest image the bot posts for Kairo: every
 * colour extended, 16 stalls, medals, the decision in progress). Target: median <= 80 ms on the project
 * machine. vitest bench prints mean and percentiles; the median of the measured runs is printed after
 * the run as well.
 */
import { afterAll, bench, describe } from 'vitest';
import { renderKairoBoard } from '../../src/render/kairo/index.js';
import { F, stageView } from '../render/kairo/fixtures.js';
import { median } from './stats.js';

const late = stageView('late-4p');
const over = stageView('over-4p');
const names = ['Aylin', 'Bram', 'Charlotte van der Berg', 'Dieter'];
const samples: Record<string, number[]> = { late: [], over: [] };

describe('Kairo board: render and encode a 4-player board', () => {
  bench(
    '4 players, final phase, build in progress, last turn outlined',
    async () => {
      const t = performance.now();
      await renderKairoBoard(late, { locale: 'en', names, lastAction: { seat: 2, fields: [F('E8'), F('D8')] } });
      samples.late!.push(performance.now() - t);
    },
    { time: 3000, warmupIterations: 5 },
  );
  bench(
    '4 players, game over, final scoring',
    async () => {
      const t = performance.now();
      await renderKairoBoard(over, { locale: 'de', names });
      samples.over!.push(performance.now() - t);
    },
    { time: 3000, warmupIterations: 5 },
  );
});

afterAll(() => {
  for (const [name, xs] of Object.entries(samples)) {
    if (xs.length > 0) console.log(`kairo render+encode ${name}: median ${median(xs).toFixed(1)} ms over ${xs.length} runs`);
  }
});
