/**
 * The AI worker pool: a decision runs on a worker thread (the run's transpiled ai-worker here, as in the
 * built bot) and gives the same action as a direct call with the same inputs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createAiPool } from '../../src/app/workers/ai-pool.js';
import { runAiTask } from '../../src/app/workers/ai-task.js';
import { reachState } from './games.js';
import { WORKER_NICE } from '../../src/app/workers/thread-priority.js';
import { childProcessNiceValues, threadNiceValues } from '../app/workers/thread-nice.js';
import { builtModuleUrl } from '../support/node-entry.js';

describe('AI pool', () => {
  // A worker started as a tsx process could take longer than the margin to start on a busy machine.
  const worker = builtModuleUrl('src/app/workers/ai-worker.ts');
  const pool = createAiPool({ threads: 2, deadlineMs: null, ...(worker === undefined ? {} : { workerFile: worker }) });
  afterAll(() => pool.destroy());

  it.each([
    ['istanbul', 3, 'pool-i'],
    ['istanbul-ls', 2, 'pool-ls'],
    ['kairo', 3, 'pool-k'],
  ] as const)('%s: the worker chooses what a direct call chooses', async (variant, players, seed) => {
    const { def, state, seat } = reachState(variant, players, seed, 25);
    const view = def.view(state, seat);
    const legal = def.legalActions(state, seat) as readonly unknown[];
    const game = def.id;
    const direct = runAiTask({ game, view, legalActions: legal, level: 'easy', seed });
    const [viaPool, answer] = await Promise.all([
      pool.chooseAction(game, view, legal, { level: 'easy', seed }),
      pool.decide(game, view, legal, { level: 'easy', seed }),
    ]);
    expect(viaPool).toBe(direct.index);
    expect(answer).toEqual(direct);
    expect(direct.iterations).toBeGreaterThan(0);
  });

  it('its workers search at a lower priority than the event loop (Linux)', async () => {
    const { def, state, seat } = reachState('kairo', 2, 'pool-nice', 5);
    const legal = def.legalActions(state, seat) as readonly unknown[];
    await Promise.all([0, 1].map((i) => pool.chooseAction(def.id, def.view(state, seat), legal, { level: 'easy', seed: `nice-${i}` })));
    // From the TypeScript sources the workers are child processes (see ai-pool.ts); built, worker threads.
    const workers = [...childProcessNiceValues().values(), ...threadNiceValues().values()].filter((value) => value === WORKER_NICE);
    expect(workers.length).toBeGreaterThanOrEqual(1);
    expect(threadNiceValues().get(process.pid)).toBe(0);
  });

  it('refuses a public view in the worker', async () => {
    const { def, state, seat } = reachState('istanbul', 2, 'pool-refuse', 10);
    await expect(pool.chooseAction('istanbul', def.view(state, null), def.legalActions(state, seat), { level: 'easy', seed: 'x' })).rejects.toThrow(/not a seat view/);
  });
});
