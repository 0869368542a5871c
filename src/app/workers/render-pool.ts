/**
 * The board pictures are drawn and encoded in worker threads (tinypool), never on the event loop:
 * public views go in, PNG bytes come back (moved, not copied). A board that cannot be drawn, or not
 * within the time limit, rejects with a RenderError; a worker that hangs is terminated and replaced.
 */
import Tinypool from 'tinypool';
import type { BoardJob, BoardRenderer } from '../../render/board-job.js';

export interface RenderPoolOptions {
  /** Worker threads (RENDER_WORKERS). */
  readonly workers: number;
  /** A board not back within this time (queue wait included) is given up and its worker replaced. */
  readonly timeoutMs: number;
  /** The worker module; tests use one that can be held up on purpose. Default: render-worker. */
  readonly workerFile?: URL;
  /** Told of every board when it is back or given up: its time in the pool (queue wait included) and whether it was drawn. */
  readonly onTask?: (seconds: number, ok: boolean) => void;
}

export class RenderError extends Error {
  override readonly name = 'RenderError';
}

/**
 * Built (dist/), the worker is plain JavaScript. Run from the TypeScript sources (vitest, tsx), it is a
 * .ts file, loaded through tsx by from-sources.mjs (Node 20 does not pass loaders on to workers).
 */
function workerSetup(file: URL | undefined): { filename: string; workerData: { tsModule: string } | undefined } {
  const fromSources = import.meta.url.endsWith('.ts');
  const url = file ?? new URL(fromSources ? './render-worker.ts' : './render-worker.js', import.meta.url);
  if (!url.pathname.endsWith('.ts')) return { filename: url.href, workerData: undefined };
  return { filename: new URL('./from-sources.mjs', import.meta.url).href, workerData: { tsModule: url.href } };
}

export class RenderPool implements BoardRenderer {
  readonly #pool: Tinypool;
  readonly #timeoutMs: number;
  readonly #onTask: RenderPoolOptions['onTask'];

  constructor(options: RenderPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new RangeError(`a render pool needs at least one worker, not ${options.workers}`);
    const { filename, workerData } = workerSetup(options.workerFile);
    this.#timeoutMs = options.timeoutMs;
    this.#onTask = options.onTask;
    this.#pool = new Tinypool({ filename, workerData, runtime: 'worker_threads', minThreads: options.workers, maxThreads: options.workers, idleTimeout: Infinity });
  }

  async render(job: BoardJob): Promise<Buffer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.#timeoutMs);
    const started = performance.now();
    let ok = false;
    try {
      const bytes = (await this.#pool.run(job, { signal: controller.signal })) as ArrayBuffer;
      ok = true;
      return Buffer.from(bytes);
    } catch (error) {
      if (controller.signal.aborted) {
        throw new RenderError(`the ${job.game} board was not drawn within ${this.#timeoutMs} ms; its worker was replaced`);
      }
      throw new RenderError(`the ${job.game} board could not be drawn: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
      this.#onTask?.((performance.now() - started) / 1000, ok);
    }
  }

  /** Boards waiting for a worker. */
  get queueSize(): number {
    return this.#pool.queueSize;
  }

  /** The worker threads' ids (a hung worker's replacement has a new one). */
  get threadIds(): number[] {
    return this.#pool.threads.map((t) => t.threadId);
  }

  /** Stops the workers; renders still running reject. */
  async close(): Promise<void> {
    await this.#pool.destroy();
  }
}
