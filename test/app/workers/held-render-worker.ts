/**
 * The render worker for the pool's tests: the real one, except that a board can be held up until the
 * test lets it go (to see what happens meanwhile), or made to hang for good.
 */
import renderInWorker from '../../../src/app/workers/render-worker.js';
import type { BoardJob } from '../../../src/render/board-job.js';

export type HeldJob = BoardJob & {
  /** Cell 0: the worker sets it when it has started; cell 1: the test sets it to let the drawing go on. */
  readonly hold?: SharedArrayBuffer;
  readonly hang?: true;
};

export default async function heldRenderWorker(job: HeldJob): Promise<ArrayBuffer> {
  if (job.hang) {
    // a board that never finishes: only terminating the thread ends this
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  }
  if (job.hold) {
    const cells = new Int32Array(job.hold);
    Atomics.store(cells, 0, 1);
    Atomics.notify(cells, 0);
    Atomics.wait(cells, 1, 0);
  }
  return renderInWorker(job);
}
