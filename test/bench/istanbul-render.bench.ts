/**
 * Render + PNG encode of a late 5-player Istanbul board (the biggest image the bot posts).
 * Target: median <= 60 ms on the project machine. vitest bench prints mean and percentiles; the median of
 * the measured runs is printed after the run as well.
 */
import { afterAll, bench, describe } from 'vitest';
import { renderIstanbulBoard } from '../../src/render/istanbul/index.js';
import { fixtureView } from '../render/istanbul/fixtures.js';
import { median } from './stats.js';

const view5 = fixtureView({ players: 5, layout: 'short', stage: 'late' });
const view5x4 = fixtureView({ players: 5, layout: 'expansion', stage: 'late' });
const names = ['Aylin', 'Bram', 'Charlotte van der Berg', 'Dieter', 'Eva'];
const samples: Record<string, number[]> = { '4x4': [], '5x4': [] };

describe('Istanbul board: render and encode a 5-player board', () => {
  bench(
    '5 players, 4x4, late game',
    async () => {
      const t = performance.now();
      await renderIstanbulBoard(view5, { locale: 'en', names });
      samples['4x4']!.push(performance.now() - t);
    },
    { time: 3000, warmupIterations: 5 },
  );
  bench(
    '5 players, 5x4, late game',
    async () => {
      const t = performance.now();
      await renderIstanbulBoard(view5x4, { locale: 'de', names });
      samples['5x4']!.push(performance.now() - t);
    },
    { time: 3000, warmupIterations: 5 },
  );
});

afterAll(() => {
  for (const [name, xs] of Object.entries(samples)) {
    if (xs.length > 0) console.log(`istanbul render+encode ${name}: median ${median(xs).toFixed(1)} ms over ${xs.length} runs`);
  }
});
