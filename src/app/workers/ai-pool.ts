/**
 * The computer players' worker pool: searches run on worker threads, so the event loop only routes.
 *
 *   const pool = createAiPool();
 *   const index = await pool.chooseAction('istanbul', def.view(state, seat), def.legalActions(state, seat), { level: 'normal', seed });
 *   // apply legalActions[index]
 *
 * The same inputs give the same index as a direct `runAiTask` (or `decide`) call: the search is bounded by
 * iterations; the wall-clock cap (`deadlineMs`, default 3x the level's target) only cuts a search short on
 * an overloaded machine. A decision given up (its caller's signal, the cap plus a margin, the pool closing)
 * is withdrawn: taken out of the queue, or stopped by its worker at the search's next check; only a worker
 * that does not answer even then is terminated and replaced. The workers warm up when the pool starts (see
 * AiPoolOptions.warmUp), so their first decisions do not pay for a cold start. The steps of finished games'
 * analyses run in the pool's idle time only (`analyse`): never while a decision waits, and a decision asked
 * while they hold every worker stops one at its next check. Built code loads ai-worker.js; under vitest
 * and tsx (TypeScript sources) the worker loads ai-worker.ts through the tsx loader.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import Tinypool from 'tinypool';
import type { Carry, Level } from '../../engine/ai/index.js';
import { AiDecisionAbandonedError, AiDecisionWithdrawnError, AiPoolClosedError } from './ai-errors.js';
import type { TurnReview, TurnReviewTask } from '../analysis/review.js';
import type { AiAnalysisTask, AiAnswer, AiTask, AiWarmUpTask, AnalysisAnswer, WarmUpReport } from './ai-task.js';

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
   * abandoned (AiDecisionAbandonedError) and withdrawn from its worker; a worker told to stop that is still
   * silent this long after is terminated (default 5 s: time for a worker to start, and for a busy machine).
   */
  readonly marginMs?: number;
  /** The worker module (tests: a worker that fails or never answers); default ai-worker. */
  readonly workerFile?: URL;
  /**
   * Told of every decision asked: its time in the pool (queue wait included) and how it ended: 'ok' (answered),
   * 'withdrawn' (its caller gave it up, or the pool closed: nothing went wrong), 'failed' (an error, or past
   * its deadline plus the margin).
   */
  readonly onTask?: (seconds: number, outcome: AiTaskOutcome) => void;
  /** Told each time a worker is done with a decision it was given (a decision withdrawn from the queue never is). */
  readonly onWorkerDone?: (outcome: WorkerOutcome) => void;
  /**
   * Warm every worker up when the pool starts (ai-task.ts, warmUpAi), in the background: a fresh worker's
   * first decisions otherwise cost several times the CPU of later ones. A decision asked while every worker
   * is busy stops one worker's warm-up and is served there; that worker warms up again once a worker is free
   * and no decision waits. Default: on for the pool's own worker where the warm-up can be stopped (worker threads,
   * built code); off for child processes (TypeScript sources), where a decision would wait for it.
   */
  readonly warmUp?: boolean;
  /** Told of each worker's warm-up once it is done (or stopped). */
  readonly onWarmedUp?: (report: WarmUpReport) => void;
  /** Told each time a worker is done with an analysis step: 'reviewed', or 'stopped' for a live decision (it runs again later). */
  readonly onAnalysisStep?: (outcome: 'reviewed' | 'stopped' | 'failed') => void;
}

export interface ChooseOptions {
  readonly level: Level;
  readonly seed: string;
  /** The carry the seat's previous decision answered with (search.ts: used only for the view it was grown for). */
  readonly carry?: Carry;
  /** Aborted when the caller gives the decision up: it is withdrawn (AiDecisionWithdrawnError). */
  readonly signal?: AbortSignal;
}

export interface AiPool {
  chooseAction(game: string, seatView: unknown, legalActions: readonly unknown[], options: ChooseOptions): Promise<number>;
  /** The same, with the estimated value (for "Suggest a move"). */
  decide(game: string, seatView: unknown, legalActions: readonly unknown[], options: ChooseOptions): Promise<AiAnswer>;
  /**
   * One step of a finished game's analysis, at the lowest priority: it starts only on a worker that nothing
   * else needs while no decision waits, and gives its worker back to a decision asked meanwhile (stopped at
   * its next check, it waits again and runs from its start later).
   */
  analyse(task: TurnReviewTask): Promise<TurnReview>;
  /** Decisions on a worker now (one withdrawn until its worker answers) and waiting for one. */
  readonly pending: number;
  /** Decisions waiting for a worker. */
  readonly queueSize: number;
  /** Withdraws what is running and waiting (AiPoolClosedError), then stops the workers. */
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


/** How a decision asked of the pool ended (AiPoolOptions.onTask). */
export type AiTaskOutcome = 'ok' | 'withdrawn' | 'failed';

/** What became of a decision a worker was given (AiPoolOptions.onWorkerDone). */
export interface WorkerOutcome {
  /** 'answered'; 'stopped': withdrawn while it searched, it stopped at its next check; 'failed': an error, or its worker was terminated. */
  readonly outcome: 'answered' | 'stopped' | 'failed';
  /** Iterations the search ran (answered or stopped). */
  readonly iterations?: number;
}

/** A worker's warm-up under way: `stop` set to 1 ends it (null: child processes, where it runs to its end). */
interface WarmingUp {
  readonly stop: Int32Array | null;
  stopped: boolean;
}

/** An analysis step asked of the pool: waiting for an idle worker, then running; stopped, it waits again. */
interface IdleStep {
  readonly task: TurnReviewTask;
  readonly resolve: (review: TurnReview) => void;
  readonly reject: (error: Error) => void;
  /** Set to 1 to give its worker back (null: child processes, where it runs to its end). */
  stop: Int32Array | null;
  stopped: boolean;
  /** The last resort, as a decision's: terminates a worker that does not give the step back. */
  terminate: AbortController;
  timer: ReturnType<typeof setTimeout> | null;
}

/** One decision asked of the pool: waiting for a worker, then running, until its caller is answered. */
interface Asked {
  readonly task: AiTask;
  readonly limitMs: number;
  readonly resolve: (answer: AiAnswer) => void;
  readonly reject: (error: Error) => void;
  /** Its caller has the answer or the error: whatever the worker answers later is thrown away. */
  settled: boolean;
  /** Set to 1 to withdraw it while it runs (null where the workers share no memory: child processes). */
  readonly stop: Int32Array | null;
  /** The last resort: terminates its worker. */
  readonly terminate: AbortController;
  readonly timers: ReturnType<typeof setTimeout>[];
  readonly unlisten: () => void;
}

/**
 * The pool hands a worker at most `threads` decisions at once (the rest wait here, in order), so a
 * decision's clock starts when a worker takes it. A decision is withdrawn when its caller gives up (its
 * signal), when it runs past its deadline plus the margin (AiDecisionAbandonedError), or when the pool
 * closes: one still waiting is taken out of the queue and never starts; one running is told to stop (a
 * flag its worker's search reads at every iteration) and its late answer thrown away; a worker that does
 * not answer even then is terminated (tinypool starts another). A worker that hangs holds no channel.
 */
export function createAiPool(options: AiPoolOptions = {}): AiPool {
  const threads = options.threads ?? Math.max(1, os.availableParallelism() - 1);
  const marginMs = options.marginMs ?? DEFAULT_MARGIN_MS;
  const entry = workerEntry(options.workerFile);
  // Worker threads share memory with this thread; child processes do not, and are terminated instead.
  const sharesMemory = entry.runtime === 'worker_threads';
  const warmUp = options.warmUp ?? (sharesMemory && options.workerFile === undefined);
  // Warmed workers are kept: one started again after an idle spell would be cold.
  const pool = new Tinypool({ ...entry, minThreads: warmUp ? threads : 1, maxThreads: threads, idleTimeout: 60_000 });
  const waiting: Asked[] = [];
  const running = new Set<Asked>();
  /** The warm-ups on a worker now; a stopped one still holds its worker until it answers. */
  const warming = new Set<WarmingUp>();
  /** Workers whose warm-up a decision stopped: warmed again once a worker is free and nothing waits. */
  let unwarmed = 0;
  /** Analysis steps waiting for an idle worker, and those on a worker now. */
  const idle: IdleStep[] = [];
  const analysing = new Set<IdleStep>();
  let closed = false;
  const warmOne = (): void => {
    // Its stop flag; null where the workers share no memory (child processes), and it runs to its end.
    const stop = sharesMemory ? new Int32Array(new SharedArrayBuffer(4)) : null;
    const warm: WarmingUp = { stop, stopped: false };
    warming.add(warm);
    const task: AiWarmUpTask = stop === null ? { warmUp: true } : { warmUp: true, stop };
    pool.run(task).then(
      (answer) => {
        warming.delete(warm);
        const report = answer as WarmUpReport;
        options.onWarmedUp?.(report);
        if (report.stopped && !closed) unwarmed++;
        resumeWarmUps();
        startIdle();
      },
      // A warm-up that failed leaves a cold worker: its decisions are served all the same.
      () => {
        warming.delete(warm);
        startIdle();
      },
    );
  };
  const resumeWarmUps = (): void => {
    while (!closed && unwarmed > 0 && waiting.length === 0 && running.size + warming.size + analysing.size < threads) {
      unwarmed--;
      warmOne();
    }
  };
  /** Analysis steps take the workers nothing else needs: no decision waits, no warm-up is owed. */
  const startIdle = (): void => {
    while (!closed && waiting.length === 0 && unwarmed === 0 && idle.length > 0 && running.size + warming.size + analysing.size < threads) {
      const step = idle.shift() as IdleStep;
      step.stop = sharesMemory ? new Int32Array(new SharedArrayBuffer(4)) : null;
      step.stopped = false;
      step.terminate = new AbortController();
      analysing.add(step);
      const task: AiAnalysisTask = step.stop === null ? { analyse: step.task } : { analyse: step.task, stop: step.stop };
      const done = (answer: AnalysisAnswer | null, error: unknown): void => {
        if (step.timer !== null) clearTimeout(step.timer);
        step.timer = null;
        analysing.delete(step);
        if (closed) return;
        options.onAnalysisStep?.(answer === null ? 'failed' : answer.stopped ? 'stopped' : 'reviewed');
        if (answer === null) step.reject(error as Error);
        // Given back to a live decision: it waits again, first in line.
        else if (answer.stopped) idle.unshift(step);
        else step.resolve(answer.review);
        startWaiting();
        resumeWarmUps();
        startIdle();
      };
      pool.run(task, { signal: step.terminate.signal }).then(
        (answer) => done(answer as AnalysisAnswer, null),
        (error: unknown) => done(null, error),
      );
    }
  };
  /** A decision taken up while every worker is busy: one worker's warm-up ends at its next check, and the decision is served there. */
  const makeRoom = (): void => {
    let active = 0;
    for (const warm of warming) if (!warm.stopped) active++;
    for (const step of analysing) if (!step.stopped) active++;
    if (running.size + active <= threads) return;
    // An analysis step gives its worker back first: a warm-up makes the decisions after it faster.
    for (const step of analysing) {
      if (step.stopped || step.stop === null) continue;
      step.stopped = true;
      Atomics.store(step.stop, 0, 1);
      // A step that does not give the worker back is taken for hung: its worker is replaced, the step fails.
      const hung = step.terminate;
      step.timer = setTimeout(() => hung.abort(), marginMs);
      return;
    }
    for (const warm of warming) {
      if (warm.stopped || warm.stop === null) continue;
      warm.stopped = true;
      Atomics.store(warm.stop, 0, 1);
      return;
    }
  };
  if (warmUp) for (let i = 0; i < threads; i++) warmOne();
  const settle = (asked: Asked): boolean => {
    if (asked.settled) return false;
    asked.settled = true;
    asked.unlisten();
    return true;
  };
  /** Takes the decision back from the queue or from its worker; its caller gets `error`. */
  const withdraw = (asked: Asked, error: Error): void => {
    if (!settle(asked)) return;
    const queued = waiting.indexOf(asked);
    if (queued !== -1) waiting.splice(queued, 1);
    else if (asked.stop !== null) {
      Atomics.store(asked.stop, 0, 1);
      // Its search reads the flag at every iteration; a worker still starting on a busy machine reads it
      // when its search begins. One silent past the margin is taken for hung and terminated.
      asked.timers.push(setTimeout(() => asked.terminate.abort(), marginMs));
    } else asked.terminate.abort();
    asked.reject(error);
  };
  const start = (asked: Asked): void => {
    running.add(asked);
    makeRoom();
    asked.timers.push(setTimeout(() => withdraw(asked, new AiDecisionAbandonedError(asked.limitMs)), asked.limitMs));
    const task = asked.stop === null ? asked.task : { ...asked.task, stop: asked.stop };
    const done = (answer: AiAnswer | null, error: unknown): void => {
      for (const timer of asked.timers) clearTimeout(timer);
      running.delete(asked);
      startWaiting();
      resumeWarmUps();
      startIdle();
      options.onWorkerDone?.(answer === null ? { outcome: 'failed' } : { outcome: answer.stopped === true ? 'stopped' : 'answered', iterations: answer.iterations });
      if (!settle(asked)) return;
      if (answer !== null) asked.resolve(answer);
      // As the worker failed (a child process's error arrives as plain data, message and all).
      else asked.reject(error as Error);
    };
    pool.run(task, { signal: asked.terminate.signal }).then(
      (answer) => done(answer as AiAnswer, null),
      (error: unknown) => done(null, error),
    );
  };
  /** Free workers take the decisions waiting, in order. */
  const startWaiting = (): void => {
    while (!closed && running.size < threads && waiting.length > 0) start(waiting.shift() as Asked);
  };
  const post = (task: AiTask, limitMs: number, signal: AbortSignal | undefined): Promise<AiAnswer> =>
    new Promise<AiAnswer>((resolve, reject) => {
      if (closed) throw new AiPoolClosedError();
      if (signal?.aborted === true) throw new AiDecisionWithdrawnError();
      const onAbort = (): void => withdraw(asked, new AiDecisionWithdrawnError());
      const asked: Asked = {
        task,
        limitMs,
        resolve,
        reject,
        settled: false,
        stop: sharesMemory ? new Int32Array(new SharedArrayBuffer(4)) : null,
        terminate: new AbortController(),
        timers: [],
        unlisten: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(asked);
      startWaiting();
    });
  const decide = async (game: string, view: unknown, legalActions: readonly unknown[], choose: ChooseOptions): Promise<AiAnswer> => {
    if (closed) throw new AiPoolClosedError();
    if (legalActions.length === 0) throw new RangeError('no legal action to choose from');
    if (legalActions.length === 1) return { index: 0, value: 0, iterations: 0 };
    const deadlineMs = options.deadlineMs === undefined ? AI_TARGET_MS[choose.level] * CAP_FACTOR : options.deadlineMs;
    const task: AiTask = { game, view, legalActions, level: choose.level, seed: choose.seed, ...(deadlineMs === null ? {} : { deadlineMs }), ...(choose.carry === undefined ? {} : { carry: choose.carry }) };
    const started = performance.now();
    let answer: AiAnswer;
    try {
      answer = await post(task, (deadlineMs ?? AI_TARGET_MS[choose.level] * CAP_FACTOR) + marginMs, choose.signal);
    } catch (error) {
      const withdrawn = error instanceof AiDecisionWithdrawnError || error instanceof AiPoolClosedError;
      options.onTask?.((performance.now() - started) / 1000, withdrawn ? 'withdrawn' : 'failed');
      throw error;
    }
    options.onTask?.((performance.now() - started) / 1000, 'ok');
    if (!Number.isInteger(answer.index) || answer.index < 0 || answer.index >= legalActions.length) throw new Error('the AI worker answered out of range');
    return answer;
  };
  const analyse = (task: TurnReviewTask): Promise<TurnReview> =>
    new Promise<TurnReview>((resolve, reject) => {
      if (closed) throw new AiPoolClosedError();
      idle.push({ task, resolve, reject, stop: null, stopped: false, terminate: new AbortController(), timer: null });
      startIdle();
    });
  return {
    decide,
    analyse,
    chooseAction: async (game, view, legal, choose) => (await decide(game, view, legal, choose)).index,
    get pending() {
      return running.size + waiting.length;
    },
    async destroy() {
      closed = true;
      for (const warm of warming) if (warm.stop !== null) Atomics.store(warm.stop, 0, 1);
      for (const asked of [...waiting, ...running]) {
        if (settle(asked)) asked.reject(new AiPoolClosedError());
        asked.terminate.abort();
      }
      waiting.length = 0;
      for (const step of [...idle, ...analysing]) {
        if (step.stop !== null) Atomics.store(step.stop, 0, 1);
        if (step.timer !== null) clearTimeout(step.timer);
        step.reject(new AiPoolClosedError());
        step.terminate.abort();
      }
      idle.length = 0;
      await pool.destroy();
    },
    get queueSize() {
      return waiting.length;
    },
  };
}
