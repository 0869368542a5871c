/**
 * The render worker for the heap test: the real one, which also counts its full (mark-compact) garbage
 * collections. A job may carry `majorGcs`, a SharedArrayBuffer of one Int32 cell: the worker adds the
 * collections it has seen since its last report there, so the test can read every worker's sum.
 */
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import renderInWorker from '../../../src/app/workers/render-worker.js';
import type { BoardJob } from '../../../src/render/board-job.js';

export type CountedJob = BoardJob & { readonly majorGcs?: SharedArrayBuffer };

let seen = 0;
let reported = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) seen += 1;
}).observe({ entryTypes: ['gc'] });

export default async function gcCountingRenderWorker(job: CountedJob): Promise<ArrayBuffer> {
  const picture = await renderInWorker(job);
  if (job.majorGcs !== undefined) {
    Atomics.add(new Int32Array(job.majorGcs), 0, seen - reported);
    reported = seen;
  }
  return picture;
}
