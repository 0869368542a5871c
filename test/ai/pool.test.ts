/**
 * The AI worker pool: a decision runs on a worker thread (the run's transpiled ai-worker here, as in the
 * built bot) and gives the same action as a direct call with the same inputs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createAiPool } from '../../src/app/workers/ai-pool.js';
import { runAiTask } from '../../src/app/workers/ai-task.js';
import { TABLES, decisionOf } from '../conformance/games.js';
import { reachState } from './games.js';
import { WORKER_NICE } from '../../src/app/workers/thread-priority.js';
import { childProcessNiceValues, threadNiceValues } from '../app/workers/thread-nice.js';
import { builtModuleUrl } from '../support/node-entry.js';

/** Every game with a computer player, with each expansion, at its fewest seats. */
const AI_TABLES = TABLES.filter((table) => table.game.plugin.policy !== undefined && table.players === table.game.def.players.min);

describe('AI pool', () => {
  // A worker started as a tsx process could take longer than the margin to start on a busy machine.
  const worker = builtModuleUrl('src/app/workers/ai-worker.ts');
  const pool = createAiPool({ threads: 2, deadlineMs: null, ...(worker === undefined ? {} : { workerFile: worker }) });
  afterAll(() => pool.destroy());

  it.each(AI_TABLES.map((table) => [table.name, table] as const))('%s: the worker chooses what a direct call chooses', async (name, table) => {
    const { def } = table.game;
    const { state, seat } = decisionOf(table, 25);
    const seed = `pool:${name}`;
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
