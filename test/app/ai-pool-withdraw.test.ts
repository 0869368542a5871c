/**
 * A decision given up is withdrawn: one still waiting for a worker never starts, and a worker stops the
 * search of one it runs at the search's next check, free for the next decision at once. More decisions
 * than workers, all given up: nothing is left in the queue, and the workers run nothing nobody waits for.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ComputerTurns, computerRequest } from '../../src/app/computer-turns.js';
import { aiComputerPlayer } from '../../src/app/computer-player.js';
import { createGameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { AiDecisionWithdrawnError } from '../../src/app/workers/ai-errors.js';
import { createAiPool, type AiPool, type WorkerOutcome } from '../../src/app/workers/ai-pool.js';
import { GAMES } from '../../src/games/index.js';
import { createLogger } from '../../src/logger.js';
import { reachState } from '../ai/games.js';
import { builtModuleUrl } from '../support/node-entry.js';
import { testStores } from '../support/test-stores.js';
import { collected } from '../support/collected.js';

// The run's transpiled worker, in worker threads as in the built bot: they share the stop flag's memory.
const WORKER = builtModuleUrl('src/app/workers/ai-worker.ts');
const { def, state, seat } = reachState('istanbul', 3, 'withdraw', 10);
const view = def.view(state, seat);
const legal = def.legalActions(state, seat) as readonly unknown[];

let pool: AiPool | undefined;
afterEach(async () => {
  await pool?.destroy();
  pool = undefined;
});


describe.runIf(WORKER !== undefined)('AI pool: a decision given up is withdrawn', () => {
  it('six decisions on two workers, all given up: the four waiting never start, the two running stop searching, and the next decision is answered at once', async () => {
    const done = collected<WorkerOutcome>();
    // No wall-clock cap: a hard search runs its whole budget (seconds) unless it is told to stop.
    // A margin far beyond a worker's start on a busy machine: a worker is never terminated here, it stops.
    pool = createAiPool({ threads: 2, deadlineMs: null, marginMs: 60_000, workerFile: WORKER, onWorkerDone: done.take });
    const callers = Array.from({ length: 6 }, () => new AbortController());
    const asked = callers.map((caller, i) => pool!.decide('istanbul', view, legal, { level: 'hard', seed: `withdraw-${i}`, signal: caller.signal }).then(() => 'answered', (error: unknown) => error));
    expect(pool.pending).toBe(6);
    expect(pool.queueSize).toBe(4);
    for (const caller of callers) caller.abort();
    // Nothing waits in the queue that nobody waits for.
    expect(pool.queueSize).toBe(0);
    for (const answer of await Promise.all(asked)) expect(answer).toBeInstanceOf(AiDecisionWithdrawnError);
    // Only the two decisions the workers were given reach them, and both stop early.
    await done.reach(2);
    expect(done.seen.map((o) => o.outcome)).toEqual(['stopped', 'stopped']);
    for (const o of done.seen) expect(o.iterations).toBeLessThan(GAMES.policy('istanbul')!.budgets.hard.iterations);
    expect(pool.pending).toBe(0);
    // The workers are free: the next decision is the third and last one they run.
    const next = await pool.decide('istanbul', view, legal, { level: 'easy', seed: 'after' });
    expect(legal[next.index]).toBeDefined();
    expect(done.seen.map((o) => o.outcome)).toEqual(['stopped', 'stopped', 'answered']);
  }, 60_000);

  it('a decision given up while it waits is answered by nobody: the one behind it starts in its place', async () => {
    const done = collected<WorkerOutcome>();
    const told: string[] = [];
    pool = createAiPool({ threads: 1, deadlineMs: null, workerFile: WORKER, onWorkerDone: done.take, onTask: (_seconds, outcome) => told.push(outcome) });
    const first = pool.decide('istanbul', view, legal, { level: 'easy', seed: 'first' });
    const caller = new AbortController();
    const givenUp = pool.decide('istanbul', view, legal, { level: 'hard', seed: 'given-up', signal: caller.signal });
    const last = pool.decide('istanbul', view, legal, { level: 'easy', seed: 'last' });
    expect(pool.queueSize).toBe(2);
    caller.abort();
    expect(pool.queueSize).toBe(1);
    await expect(givenUp).rejects.toBeInstanceOf(AiDecisionWithdrawnError);
    await Promise.all([first, last]);
    expect(done.seen.map((o) => o.outcome)).toEqual(['answered', 'answered']);
    // The metrics hear of it as withdrawn, not as a failure: nothing went wrong.
    expect(told).toEqual(['withdrawn', 'ok', 'ok']);
  }, 60_000);
});

const sqlite = testStores('withdraw').find((s) => s.label.toLowerCase().includes('sqlite'))!;

describe.runIf(WORKER !== undefined && sqlite.available)('computer turns: a decision past its limit is withdrawn from the pool', () => {
  it('the game gets its fallback move at the limit, and the worker stops the search it gave up', async () => {
    const clock = { now: () => Date.UTC(2025, 5, 1) };
    const { store } = await sqlite.open({ now: clock.now });
    const svc = createGameService({ store, modules: GAMES.modules, clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => 'withdraw-turns' });
    const host = '100000000000000001';
    const must = <T,>(result: Result<T>): T => {
      if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
      return result;
    };
    const lobby = must(await svc.createLobby({ guildId: '1', channelId: '2', kind: 'istanbul', host: { userId: host, displayName: 'Alice' }, locale: 'en', capacity: 2 })).game;
    must(await svc.addComputer(lobby.row.id, host, 'hard'));
    let game = must(await svc.start(lobby.row.id, host, must(await svc.byId(lobby.row.id)).game.row.version)).game as ActiveSnapshot;
    for (let i = 0; i < 200 && svc.computerSeatsToPlay(game).length === 0; i++) {
      game = must(await svc.act(game.row.id, host, svc.activeSeats(game)[0]!, game.row.version, 0)).outcome.after as ActiveSnapshot;
    }
    const computerSeat = svc.computerSeatsToPlay(game)[0]!;
    expect(computerRequest(game, computerSeat, 'hard').legal.length).toBeGreaterThan(1);
    const done = collected<WorkerOutcome>();
    const player = aiComputerPlayer({ threads: 1, deadlineMs: null, marginMs: 60_000, workerFile: WORKER, onWorkerDone: done.take });
    try {
      // A limit far below a hard search's time: every decision is given up and gets the fallback move.
      const turns = new ComputerTurns(svc, player, createLogger({ level: 'silent', format: 'json' }), { decisionLimitMs: 50 });
      const moves = await turns.playHeld(game.row.id);
      expect(moves).toBeGreaterThan(0);
      expect(player.queueSize()).toBe(0);
      // Each decision given up was withdrawn: one still waiting never reached the worker, the one it ran was
      // stopped. The next decision comes after them all, and is the only one the worker answers.
      const after = await player.choose({ ...computerRequest(game, computerSeat, 'easy'), seed: 'after' });
      expect(after.index).toBeGreaterThanOrEqual(0);
      const outcomesSeen = done.seen.map((o) => o.outcome);
      expect(outcomesSeen.at(-1)).toBe('answered');
      expect(outcomesSeen.slice(0, -1).length).toBeGreaterThan(0);
      expect(outcomesSeen.slice(0, -1).length).toBeLessThanOrEqual(moves);
      expect(new Set(outcomesSeen.slice(0, -1))).toEqual(new Set(['stopped']));
    } finally {
      await player.close();
    }
  }, 60_000);
});
