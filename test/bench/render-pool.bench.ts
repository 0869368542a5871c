/**
 * Boards per second through the render pool with 1 and 2 workers: a batch of 12 boards (5-player
 * Istanbul 5x4 with Letters & Seals, 5-player 4x4, Kairo 4p) submitted at once, drawn in the workers,
 * the PNG bytes moved back. On this 2-core machine the main thread stays nearly idle meanwhile.
 */
import { afterAll, bench, describe } from 'vitest';
import { RenderPool } from '../../src/app/workers/render-pool.js';
import type { BoardJob } from '../../src/render/board-job.js';
import { BOARDS } from './render-boards.js';

const MIX: readonly BoardJob[] = [BOARDS['istanbul 5p 5x4 Letters & Seals']!, BOARDS['istanbul 5p 4x4 late']!, BOARDS['kairo 4p late']!];
const BATCH = Array.from({ length: 12 }, (_, i) => MIX[i % MIX.length] as BoardJob);
const pools = new Map<number, RenderPool>();
const perBoard = new Map<number, number[]>();

async function batch(workers: number): Promise<void> {
  let pool = pools.get(workers);
  if (!pool) {
    pool = new RenderPool({ workers, timeoutMs: 60_000 });
    pools.set(workers, pool);
    await Promise.all(BATCH.map((job) => pool!.render(job))); // start-up and first layers: not measured
  }
  const t = performance.now();
  await Promise.all(BATCH.map((job) => pool!.render(job)));
  const xs = perBoard.get(workers) ?? [];
  xs.push((performance.now() - t) / BATCH.length);
  perBoard.set(workers, xs);
}

describe('render pool throughput', () => {
  for (const workers of [1, 2]) {
    bench(`${workers} worker${workers > 1 ? 's' : ''}, batches of ${BATCH.length} boards`, () => batch(workers), { time: 4000, warmupIterations: 1 });
  }
});

afterAll(async () => {
  for (const [workers, xs] of perBoard) {
    const total = xs.reduce((a, b) => a + b, 0);
    console.log(`render pool, ${workers} worker(s): ${(1000 / (total / xs.length)).toFixed(1)} boards per second over ${xs.length} batches of ${BATCH.length}`);
  }
  await Promise.all([...pools.values()].map((p) => p.close()));
});
