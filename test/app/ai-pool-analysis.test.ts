/**
 * A finished game's analysis runs in the AI pool's idle time only: a step starts on a worker nothing else
 * needs, never while a decision waits, and a live decision asked while steps hold every worker takes one
 * back at once (the step stops at its next check, waits again, and is reviewed from its start later, to
 * the same result). Real worker threads, as the built bot runs them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { reviewTurn, type TurnReviewTask } from '../../src/app/analysis/review.js';
import { createAiPool, type AiPool, type AiTaskOutcome } from '../../src/app/workers/ai-pool.js';
import { runAiTask } from '../../src/app/workers/ai-task.js';
import type { Seat } from '../../src/engine/index.js';
import { GAMES } from '../../src/games/index.js';
import { reachState } from '../ai/games.js';
import { collected } from '../support/collected.js';
import { builtModuleUrl } from '../support/node-entry.js';

const WORKER = builtModuleUrl('src/app/workers/ai-worker.ts');
/** A worker whose analysis step with the seed 'hang' never answers (its decisions are the real worker's). */
const MISBEHAVING = builtModuleUrl('test/app/workers/misbehaving-ai-worker.ts');

/** A turn of a 3-player Istanbul game: the seat's moves from `state` until another seat decides. */
function istanbulTurn(seed: string): { task: TurnReviewTask; decision: { view: unknown; legal: readonly unknown[] } } {
  const { def, state, seat } = reachState('istanbul', 3, seed, 30);
  const moves: { seat: Seat; action: unknown }[] = [];
  let current = state;
  while (moves.length < 12 && !def.isOver(current) && def.activeSeats(current)[0] === seat) {
    const legal = def.legalActions(current, seat) as readonly unknown[];
    const action = legal[legal.length - 1];
    moves.push({ seat, action });
    current = def.apply(current, action, seat).state;
  }
  const next = def.activeSeats(current)[0] as Seat;
  return {
    task: { game: def.id, before: state, moves, seat, withStart: true, seed: `analysis-${seed}` },
    decision: { view: def.view(current, next), legal: def.legalActions(current, next) as readonly unknown[] },
  };
}

let pool: AiPool | undefined;
afterEach(async () => {
  await pool?.destroy();
  pool = undefined;
});

describe.runIf(WORKER !== undefined)('AI pool: analysis steps in its idle time', () => {
  it('a step reviews a turn on a worker as a direct call does', async () => {
    const { task } = istanbulTurn('idle-1');
    pool = createAiPool({ threads: 1, deadlineMs: null, workerFile: WORKER, warmUp: false });
    const review = await pool.analyse(task);
    const direct = reviewTurn(GAMES.plugins.find((p) => p.id === 'istanbul')!.module.definition, GAMES.policy('istanbul')!, task);
    expect(review).toEqual(direct);
    expect(review.chances).toHaveLength(3);
    expect(review.startChances).toHaveLength(3);
    for (const chance of [...review.chances, ...(review.startChances ?? [])]) expect(chance).toBeGreaterThanOrEqual(0);
  }, 120_000);

  it('a live decision asked while a step holds the only worker takes it back: answered first, the step stopped, then reviewed again to the same result', async () => {
    const { task, decision } = istanbulTurn('idle-2');
    const steps = collected<string>();
    const told: AiTaskOutcome[] = [];
    const order: string[] = [];
    pool = createAiPool({ threads: 1, deadlineMs: null, workerFile: WORKER, warmUp: false, onAnalysisStep: steps.take, onTask: (_s, outcome) => told.push(outcome) });
    // The worker is up before the step starts on it.
    await pool.decide('istanbul', decision.view, decision.legal, { level: 'easy', seed: 'first' });
    const reviewed = pool.analyse(task).then((review) => {
      order.push('step');
      return review;
    });
    const answer = await pool.decide('istanbul', decision.view, decision.legal, { level: 'normal', seed: 'live' }).then((a) => {
      order.push('decision');
      return a;
    });
    const review = await reviewed;
    expect(order).toEqual(['decision', 'step']);
    expect(steps.seen).toEqual(['stopped', 'reviewed']);
    expect(told).toEqual(['ok', 'ok']);
    // Neither is changed by the other: the decision is the direct call's, the review the uninterrupted one's.
    expect(answer.index).toBe(runAiTask({ game: 'istanbul', view: decision.view, legalActions: decision.legal, level: 'normal', seed: 'live' }).index);
    expect(review).toEqual(reviewTurn(GAMES.plugins.find((p) => p.id === 'istanbul')!.module.definition, GAMES.policy('istanbul')!, task));
  }, 120_000);

  it('a step that does not give its worker back is taken for hung: its worker is replaced, the step fails, the decision is answered', async () => {
    const { task, decision } = istanbulTurn('idle-4');
    const steps = collected<string>();
    pool = createAiPool({ threads: 1, deadlineMs: null, marginMs: 500, workerFile: MISBEHAVING, warmUp: false, onAnalysisStep: steps.take });
    await pool.decide('istanbul', decision.view, decision.legal, { level: 'easy', seed: 'up' });
    const hung = pool.analyse({ ...task, seed: 'hang' }).then(
      () => 'reviewed',
      (error: unknown) => error,
    );
    const answer = await pool.decide('istanbul', decision.view, decision.legal, { level: 'easy', seed: 'live' });
    expect(decision.legal[answer.index]).toBeDefined();
    expect(await hung).toBeInstanceOf(Error);
    expect(steps.seen).toEqual(['failed']);
  }, 120_000);

  it('no step starts while a decision waits for a worker, nor while the workers warm up', async () => {
    const { task, decision } = istanbulTurn('idle-3');
    const steps = collected<string>();
    const order: string[] = [];
    pool = createAiPool({ threads: 1, deadlineMs: null, workerFile: WORKER, warmUp: true, onAnalysisStep: steps.take, onWarmedUp: () => order.push('warm-up') });
    const first = pool.decide('istanbul', decision.view, decision.legal, { level: 'easy', seed: 'a' }).then(() => order.push('decision a'));
    const second = pool.decide('istanbul', decision.view, decision.legal, { level: 'easy', seed: 'b' }).then(() => order.push('decision b'));
    const step = pool.analyse(task).then(() => order.push('step'));
    await Promise.all([first, second, step]);
    // The warm-up the first decision stopped resumes before any analysis: decisions, warm-up, then the step.
    expect(order).toEqual(['warm-up', 'decision a', 'decision b', 'warm-up', 'step']);
    expect(steps.seen).toEqual(['reviewed']);
  }, 180_000);
});
