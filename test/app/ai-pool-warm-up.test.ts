/**
 * A fresh AI worker warms up before its first decision (a search of every game at hard's budget), so that
 * decision does not pay for compiling the engine: the pool starts the warm-up of each worker when it
 * starts, in the background, and a decision asked meanwhile is served: it stops one worker's warm-up, which
 * starts again once the worker is free.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAiPool, type AiPool } from '../../src/app/workers/ai-pool.js';
import { runAiTask, warmUpAi, type WarmUpReport } from '../../src/app/workers/ai-task.js';
import { GAMES } from '../../src/games/index.js';
import { reachState } from '../ai/games.js';
import { builtModuleUrl } from '../support/node-entry.js';
import { collected } from '../support/collected.js';

// The run's transpiled worker, in worker threads as in the built bot: they share the stop flag's memory.
const WORKER = builtModuleUrl('src/app/workers/ai-worker.ts');
const GAMES_WITH_COMPUTERS = GAMES.plugins.filter((plugin) => plugin.policy !== undefined).map((plugin) => plugin.id);

let pool: AiPool | undefined;
afterEach(async () => {
  await pool?.destroy();
  pool = undefined;
});


describe('a warm-up', () => {
  it('searches every game with a computer player, each variant its policy names', () => {
    const report = warmUpAi();
    expect(report.stopped).toBe(false);
    expect(Object.keys(report.searches).sort()).toEqual([...GAMES_WITH_COMPUTERS].sort());
    for (const game of GAMES_WITH_COMPUTERS) expect(report.searches[game]).toBe(GAMES.policy(game)?.warmUpOptions?.length ?? 1);
  });

  it('ends at its next check once told to stop, in the middle of a search', () => {
    let checks = 0;
    const report = warmUpAi(() => ++checks > 3);
    expect(report.stopped).toBe(true);
    // It was stopped in its first search: that one counts, no other game or variant was searched.
    expect(Object.values(report.searches).reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe.runIf(WORKER !== undefined)('AI pool: its workers warm up when it starts', () => {
  it('a pool nobody asks warms its worker to the end', async () => {
    const warmed = collected<WarmUpReport>();
    pool = createAiPool({ threads: 1, deadlineMs: null, workerFile: WORKER, warmUp: true, onWarmedUp: warmed.take });
    await warmed.reach(1);
    expect(warmed.seen[0]?.stopped).toBe(false);
    for (const game of GAMES_WITH_COMPUTERS) expect(warmed.seen[0]?.searches[game]).toBeGreaterThan(0);
  });

  it('a decision asked while the worker warms up stops the warm-up and is answered as a direct call answers it; then the worker warms up again', async () => {
    const warmed = collected<WarmUpReport>();
    pool = createAiPool({ threads: 1, deadlineMs: null, workerFile: WORKER, warmUp: true, onWarmedUp: warmed.take });
    const { def, state, seat } = reachState('istanbul', 2, 'warm-up', 20);
    const view = def.view(state, seat);
    const legal = def.legalActions(state, seat) as readonly unknown[];
    const answer = await pool.decide(def.id, view, legal, { level: 'normal', seed: 'warm-up' });
    expect(answer).toEqual(runAiTask({ game: def.id, view, legalActions: legal, level: 'normal', seed: 'warm-up' }));
    await warmed.reach(2);
    expect(warmed.seen.map((report) => report.stopped)).toEqual([true, false]);
  });
});
