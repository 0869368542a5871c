/**
 * The render worker for the memory tests: the real one, which also keeps account of memory. A job may
 * carry `stats`, a SharedArrayBuffer of three Int32 cells: the worker adds to cell 0 the full
 * (mark-compact) garbage collections it has seen since the first such job started; as a job starts, it
 * raises cell 1 to the process's resident memory in MB, and cell 2 to minus it (-cell 2 is the lowest).
 */
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import renderInWorker from '../../../src/app/workers/render-worker.js';
import type { BoardJob } from '../../../src/render/board-job.js';

export type CountedJob = BoardJob & { readonly stats?: SharedArrayBuffer };

let seen = 0;
/** Collections already told (or from before the first job that asked: loading and warming up). */
let reported: number | null = null;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) seen += 1;
}).observe({ entryTypes: ['gc'] });

/** Raises `cells[index]` to `value` when it is lower (another worker may write it at the same time). */
function raise(cells: Int32Array, index: number, value: number): void {
  let current = Atomics.load(cells, index);
  while (value > current) {
    const was = Atomics.compareExchange(cells, index, current, value);
    if (was === current) return;
    current = was;
  }
}

export default async function gcCountingRenderWorker(job: CountedJob): Promise<ArrayBuffer> {
  if (job.stats !== undefined) {
    const cells = new Int32Array(job.stats);
    const rss = Math.round(process.memoryUsage().rss / 1048576);
    raise(cells, 1, rss);
    raise(cells, 2, -rss);
  }
  reported ??= job.stats === undefined ? null : seen;
  const picture = await renderInWorker(job);
  if (job.stats !== undefined && reported !== null) {
    Atomics.add(new Int32Array(job.stats), 0, seen - reported);
    reported = seen;
  }
  return picture;
}
