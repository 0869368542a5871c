/**
 * The board pictures are drawn and encoded in worker threads (tinypool), never on the event loop:
 * public views go in, PNG bytes come back (moved, not copied). A board that cannot be drawn, or not
 * within the time limit, rejects with a RenderError; a worker that hangs is terminated and replaced.
 *
 * Two priorities: a live turn's picture ('now': its board, a player's turn panel) goes to the pool at once;
 * a picture someone asked for ('asked': a replay frame, a Phone view, a rules card) waits here until a
 * worker is free and no 'now' picture waits, so a burst of turns gets its boards first however fast
 * replays are stepped.
 * At most `maxAskedWaiting` asked pictures wait; one more is refused at once (RenderBusyError), and the
 * one who asked is told so instead of waiting behind a queue that may not move for seconds.
 */
import Tinypool from 'tinypool';
import { RenderBusyError, type BoardJob, type BoardRenderer, type RenderPriority } from '../../render/board-job.js';
import { roomyHeapsForNewWorkers } from './worker-heap.js';

export interface RenderPoolOptions {
  /** Worker threads (RENDER_WORKERS). */
  readonly workers: number;
  /** A board not back within this time (queue wait included) is given up and its worker replaced. */
  readonly timeoutMs: number;
  /** The worker module; tests use one that can be held up on purpose. Default: render-worker. */
  readonly workerFile?: URL;
  /** Told of every board when it is back or given up: its time in the pool (queue wait included) and whether it was drawn. */
  readonly onTask?: (seconds: number, ok: boolean) => void;
  /** How many 'asked' pictures may wait for a worker. Default: ASKED_WAITING_PER_WORKER per worker. */
  readonly maxAskedWaiting?: number;
}

/**
 * Asked pictures that may wait, per worker: a board takes a worker some tens of ms, so this is a fraction
 * of a second of drawing once no live board waits; someone stepping a replay faster than that is answered
 * that the bot is busy.
 */
export const ASKED_WAITING_PER_WORKER = 8;

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

interface AskedJob {
  readonly job: BoardJob;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (png: Buffer) => void;
  readonly reject: (error: unknown) => void;
}

export class RenderPool implements BoardRenderer {
  readonly #pool: Tinypool;
  readonly #workers: number;
  readonly #timeoutMs: number;
  readonly #onTask: RenderPoolOptions['onTask'];
  readonly #maxAskedWaiting: number;
  /** Pictures handed to tinypool and not back yet (drawing or waiting there). */
  #inPool = 0;
  /** 'asked' pictures not handed to tinypool yet, oldest first. */
  readonly #asked: AskedJob[] = [];

  constructor(options: RenderPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new RangeError(`a render pool needs at least one worker, not ${options.workers}`);
    const { filename, workerData } = workerSetup(options.workerFile);
    this.#workers = options.workers;
    this.#timeoutMs = options.timeoutMs;
    this.#onTask = options.onTask;
    this.#maxAskedWaiting = options.maxAskedWaiting ?? ASKED_WAITING_PER_WORKER * options.workers;
    // Before the workers exist: their isolates take V8's flags as they are made.
    roomyHeapsForNewWorkers();
    this.#pool = new Tinypool({ filename, workerData, runtime: 'worker_threads', minThreads: options.workers, maxThreads: options.workers, idleTimeout: Infinity });
  }

  /**
   * Draws `job`. An 'asked' job waits for a free worker with no 'now' job waiting, or is refused at once
   * (RenderBusyError) when as many already wait as the pool allows; `signal` takes it out of that wait (it
   * rejects with the signal's reason) when it is no longer wanted.
   */
  render(job: BoardJob, priority: RenderPriority = 'now', signal?: AbortSignal): Promise<Buffer> {
    if (priority === 'now') return this.#run(job);
    if (signal?.aborted === true) return Promise.reject(signal.reason);
    if (this.#asked.length >= this.#maxAskedWaiting) return Promise.reject(new RenderBusyError(`the ${job.game} picture was not drawn: ${this.#asked.length} asked pictures already wait`));
    return new Promise<Buffer>((resolve, reject) => {
      const waiting: AskedJob = { job, signal, resolve, reject };
      signal?.addEventListener(
        'abort',
        () => {
          const at = this.#asked.indexOf(waiting);
          if (at < 0) return; // already drawing: it finishes
          this.#asked.splice(at, 1);
          reject(signal.reason);
        },
        { once: true },
      );
      this.#asked.push(waiting);
      this.#startAsked();
    });
  }

  /** Hands waiting 'asked' jobs to free workers while no 'now' job waits. */
  #startAsked(): void {
    while (this.#asked.length > 0 && this.#inPool < this.#workers) {
      const next = this.#asked.shift() as AskedJob;
      this.#run(next.job).then(next.resolve, next.reject);
    }
  }

  async #run(job: BoardJob): Promise<Buffer> {
    this.#inPool += 1;
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
      this.#inPool -= 1;
      this.#onTask?.((performance.now() - started) / 1000, ok);
      this.#startAsked();
    }
  }

  /** Pictures waiting for a worker ('now' ones, then 'asked' ones). */
  get queueSize(): number {
    return this.#pool.queueSize + this.#asked.length;
  }

  /** Pictures waiting for a worker, of either priority: a new one would not start at once. */
  backlog(): number {
    return Math.max(0, this.#inPool - this.#workers) + this.#asked.length;
  }

  /** The worker threads' ids (a hung worker's replacement has a new one). */
  get threadIds(): number[] {
    return this.#pool.threads.map((t) => t.threadId);
  }

  /** Stops the workers; renders still running or waiting reject. */
  async close(): Promise<void> {
    for (const waiting of this.#asked.splice(0)) waiting.reject(new RenderError(`the ${waiting.job.game} picture was not drawn: the render pool stopped`));
    await this.#pool.destroy();
  }
}
