/**
 * How long a live decision waits for an analysis step: one AI worker thread (the built worker, as the bot
 * runs it), hard Istanbul decisions (3 players) asked alone, then each asked right after an analysis step
 * (a whole Istanbul turn's review) was handed the worker. Prints the decisions' wall time from asking to
 * answer, p50 / p95 / max, both ways, a step's own time alone, and how long the decision waited for the
 * step to give the worker back (from asking to the step's stopped answer).
 *
 *   node build.mjs --outdir .test-build/bench && npx tsx test/bench/analysis-yield.ts [--decisions 12]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TurnReviewTask } from '../../src/app/analysis/review.js';
import type { createAiPool as CreateAiPool } from '../../src/app/workers/ai-pool.js';
import type { Seat } from '../../src/engine/index.js';
import { reachState } from '../ai/games.js';

const at = process.argv.indexOf('--decisions');
const decisions = at === -1 ? 12 : Number(process.argv[at + 1]);
const built = path.resolve('.test-build/bench/src/app/workers');
const { createAiPool } = (await import(pathToFileURL(path.join(built, 'ai-pool.js')).href)) as { createAiPool: typeof CreateAiPool };

interface Position {
  readonly task: TurnReviewTask;
  readonly view: unknown;
  readonly legal: readonly unknown[];
}

/** A turn to review and, after it, the next player's decision. */
function position(seed: string): Position {
  const { def, state, seat } = reachState('istanbul', 3, seed, 40);
  const moves: { seat: Seat; action: unknown }[] = [];
  let current = state;
  while (moves.length < 12 && !def.isOver(current) && def.activeSeats(current)[0] === seat) {
    const legal = def.legalActions(current, seat) as readonly unknown[];
    const action = legal[legal.length - 1];
    moves.push({ seat, action });
    current = def.apply(current, action, seat).state;
  }
  const next = def.activeSeats(current)[0] as Seat;
  return { task: { game: def.id, before: state, moves, seat, withStart: false, seed: `yield-${seed}` }, view: def.view(current, next), legal: def.legalActions(current, next) as readonly unknown[] };
}

const positions = Array.from({ length: decisions }, (_, i) => position(`yield-${i}`));
/** When the worker last gave a step back for a decision (the step stopped at its next check). */
let stoppedAt = 0;
const pool = createAiPool({
  threads: 1,
  deadlineMs: null,
  marginMs: 600_000,
  warmUp: true,
  workerFile: pathToFileURL(path.join(built, 'ai-worker.js')),
  onAnalysisStep: (outcome) => {
    if (outcome === 'stopped') stoppedAt = performance.now();
  },
});
// Warmed up: the first decision waits for the warm-up to stop, then the worker warms up again.
await pool.decide('istanbul', positions[0]!.view, positions[0]!.legal, { level: 'easy', seed: 'warm' });
await new Promise<void>((resolve) => setTimeout(resolve, 8_000));

const stats = (label: string, ms: number[]): void => {
  const sorted = [...ms].sort((a, b) => a - b);
  const q = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  console.log(`${label}: p50 ${q(0.5).toFixed(0)} ms, p95 ${q(0.95).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms (${ms.length})`);
};

const stepAlone: number[] = [];
const alone: number[] = [];
const behindStep: number[] = [];
const waited: number[] = [];
for (const [i, p] of positions.entries()) {
  let started = performance.now();
  await pool.analyse(p.task);
  stepAlone.push(performance.now() - started);
  started = performance.now();
  await pool.decide('istanbul', p.view, p.legal, { level: 'hard', seed: `alone-${i}` });
  alone.push(performance.now() - started);
  const step = pool.analyse(p.task);
  // The step well into its searches when the decision is asked.
  await new Promise<void>((resolve) => setTimeout(resolve, 300));
  started = performance.now();
  await pool.decide('istanbul', p.view, p.legal, { level: 'hard', seed: `alone-${i}` });
  behindStep.push(performance.now() - started);
  waited.push(stoppedAt - started);
  await step;
}
stats('an analysis step alone (wall)', stepAlone);
stats('a hard decision alone (wall)', alone);
stats('the same decision asked while a step holds the worker (wall)', behindStep);
stats('what it waited for the step to give the worker back (wall)', waited);
await pool.destroy();
