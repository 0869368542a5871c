/**
 * The computer players' worker pool: searches run on worker threads, so the event loop only routes.
 *
 *   const pool = createAiPool();
 *   const index = await pool.chooseAction('istanbul', def.view(state, seat), def.legalActions(state, seat), { level: 'normal', seed });
 *   // apply legalActions[index]
 *
 * The same inputs give the same index as a direct `runAiTask` (or `decide`) call: the search is bounded by
 * iterations; the wall-clock cap (`deadlineMs`, default 3x the level's target) only cuts a search short on
 * an overloaded machine. A worker that does not answer by the cap plus a margin is terminated and replaced,
 * and the decision fails (AiDecisionAbandonedError): a worker that hangs never holds a channel for long. Built code loads ai-worker.js; under vitest and tsx (TypeScript sources) the worker
 * loads ai-worker.ts through the tsx loader.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import Tinypool from 'tinypool';
import type { Carry, Level } from '../../engine/ai/index.js';
import { AiDecisionAbandonedError, AiPoolClosedError } from './ai-errors.js';
import type { AiAnswer, AiTask } from './ai-task.js';

/** Per level: the answer time the search budgets are sized for (p95 on one core), and the hard cap. */
export const AI_TARGET_MS: Readonly<Record<Level, number>> = { easy: 300, normal: 1000, hard: 3000 };
const CAP_FACTOR = 3;

export interface AiPoolOptions {
  /** Worker threads (default: the machine's cores minus one, at least 1). */
  readonly threads?: number;
  /** Wall-clock cap per decision; null: none (fully deterministic, for tests). */
  readonly deadlineMs?: number | null;
  /**
   * A decision with no answer this long after its deadline (the level's cap when `deadlineMs` is null) is
   * abandoned: its worker is terminated and replaced, and the decision fails with AiDecisionAbandonedError
   * (default 5 s: time for a worker to start, and for a busy machine).
   */
  readonly marginMs?: number;
  /** The worker module (tests: a worker that fails or never answers); default ai-worker. */
  readonly workerFile?: URL;
  /** Told of every decision the workers made or failed: its time in the pool (queue wait included) and whether it came back. */
  readonly onTask?: (seconds: number, ok: boolean) => void;
}

export interface ChooseOptions {
  readonly level: Level;
  readonly seed: string;
  /** The carry the seat's previous decision answered with (search.ts: used only for the view it was grown for). */
  readonly carry?: Carry;
}

export interface AiPool {
  chooseAction(game: string, seatView: unknown, legalActions: readonly unknown[], options: ChooseOptions): Promise<number>;
  /** The same, with the estimated value (for "Suggest a move"). */
  decide(game: string, seatView: unknown, legalActions: readonly unknown[], options: ChooseOptions): Promise<AiAnswer>;
  /** Decisions running now and waiting for a worker. */
  readonly pending: number;
  /** Decisions waiting for a worker. */
  readonly queueSize: number;
  /** Abandons what is running and waiting (AiPoolClosedError), then stops the workers. */
  destroy(): Promise<void>;
}

/**
 * Built code: worker threads running ai-worker.js. TypeScript sources (vitest, tsx): worker threads do not
 * inherit a loader given in execArgv, so the workers are child processes started with the tsx loader.
 */
/** tsx's loader by absolute URL: the process may run in a folder without node_modules (a test's bot). */
function tsxLoader(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

function workerEntry(file?: URL): { filename: string; execArgv: string[]; runtime: 'worker_threads' | 'child_process' } {
  const here = import.meta.url;
  const fromSources = (file?.href ?? here).endsWith('.ts');
  return fromSources
    ? { filename: (file ?? new URL('./ai-worker.ts', here)).href, execArgv: ['--import', tsxLoader()], runtime: 'child_process' }
    : { filename: (file ?? new URL('./ai-worker.js', here)).href, execArgv: [], runtime: 'worker_threads' };
}

const DEFAULT_MARGIN_MS = 5_000;

interface Running {
  readonly controller: AbortController;
  reason: Error | null;
}

/**
 * The pool hands a worker at most `threads` decisions at once (the rest wait here, in order), so a
 * decision's clock starts when a worker takes it: one past its deadline plus the margin is abandoned and
 * its worker terminated (tinypool starts another). A worker that hangs holds no channel longer than that.
 */
export function createAiPool(options: AiPoolOptions = {}): AiPool {
  const threads = options.threads ?? Math.max(1, os.availableParallelism() - 1);
  const marginMs = options.marginMs ?? DEFAULT_MARGIN_MS;
  const entry = workerEntry(options.workerFile);
  const pool = new Tinypool({ ...entry, minThreads: 1, maxThreads: threads, idleTimeout: 60_000 });
  const waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const running = new Set<Running>();
  let busy = 0;
  let closed = false;
  /** A worker's slot, taken at once when one is free, else in turn. */
  const acquire = (): Promise<void> => {
    if (closed) return Promise.reject(new AiPoolClosedError());
    if (busy < threads) {
      busy++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };
  /** The slot goes to the next decision waiting, or is free. */
  const release = (): void => {
    const next = waiting.shift();
    if (next === undefined) busy--;
    else next.resolve();
  };
  const post = async (task: AiTask, limitMs: number): Promise<AiAnswer> => {
    await acquire();
    const run: Running = { controller: new AbortController(), reason: null };
    running.add(run);
    const timer = setTimeout(() => {
      run.reason = new AiDecisionAbandonedError(limitMs);
      run.controller.abort();
    }, limitMs);
    try {
      if (closed) throw new AiPoolClosedError();
      return (await pool.run(task, { signal: run.controller.signal })) as AiAnswer;
    } catch (error) {
      throw run.reason ?? error;
    } finally {
      clearTimeout(timer);
      running.delete(run);
      release();
    }
  };
  const decide = async (game: string, view: unknown, legalActions: readonly unknown[], choose: ChooseOptions): Promise<AiAnswer> => {
    if (closed) throw new AiPoolClosedError();
    if (legalActions.length === 0) throw new RangeError('no legal action to choose from');
    if (legalActions.length === 1) return { index: 0, value: 0, iterations: 0 };
    const deadlineMs = options.deadlineMs === undefined ? AI_TARGET_MS[choose.level] * CAP_FACTOR : options.deadlineMs;
    const task: AiTask = { game, view, legalActions, level: choose.level, seed: choose.seed, ...(deadlineMs === null ? {} : { deadlineMs }), ...(choose.carry === undefined ? {} : { carry: choose.carry }) };
    const started = performance.now();
    let answer: AiAnswer;
    try {
      answer = await post(task, (deadlineMs ?? AI_TARGET_MS[choose.level] * CAP_FACTOR) + marginMs);
    } catch (error) {
      options.onTask?.((performance.now() - started) / 1000, false);
      throw error;
    }
    options.onTask?.((performance.now() - started) / 1000, true);
    if (!Number.isInteger(answer.index) || answer.index < 0 || answer.index >= legalActions.length) throw new Error('the AI worker answered out of range');
    return answer;
  };
  return {
    decide,
    chooseAction: async (game, view, legal, choose) => (await decide(game, view, legal, choose)).index,
    get pending() {
      return busy + waiting.length;
    },
    async destroy() {
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.reject(new AiPoolClosedError());
      for (const run of running) {
        run.reason = new AiPoolClosedError();
        run.controller.abort();
      }
      await pool.destroy();
    },
    get queueSize() {
      return waiting.length;
    },
  };
}
