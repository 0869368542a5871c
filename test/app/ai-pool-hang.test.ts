/**
 * A worker that never answers: its decision is abandoned at its deadline plus the margin (measured by the
 * bot's own clock), the worker is terminated and replaced, and the other decisions go on meanwhile (another
 * channel's computer player answers from the other worker); a stop does not wait for the hung worker.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AiDecisionAbandonedError, AiPoolClosedError } from '../../src/app/workers/ai-errors.js';
import { createAiPool, type AiPool } from '../../src/app/workers/ai-pool.js';
import { reachState } from '../ai/games.js';

const WORKER = new URL('./workers/misbehaving-ai-worker.ts', import.meta.url);
const DEADLINE = 50;
// Room for a worker to start (a child process with the TypeScript loader here) on a busy machine.
const MARGIN = 4_000;
let pool: AiPool | undefined;

let pidDir: string | undefined;

afterEach(async () => {
  await pool?.destroy();
  pool = undefined;
  if (pidDir !== undefined) rmSync(pidDir, { recursive: true, force: true });
  pidDir = undefined;
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const { def, state, seat } = reachState('istanbul', 2, 'hang', 10);
const view = def.view(state, seat);
const legal = def.legalActions(state, seat) as readonly unknown[];

describe('AI pool: a decision that hangs', () => {
  it("is abandoned after its deadline plus the margin; its worker is replaced; another channel's decision is answered meanwhile", async () => {
    pool = createAiPool({ threads: 2, deadlineMs: DEADLINE, marginMs: MARGIN, workerFile: WORKER });
    pidDir = mkdtempSync(join(tmpdir(), 'ai-hang-'));
    const pidFile = join(pidDir, 'pid');
    const started = performance.now();
    let hungSettled = false;
    const hung = pool.decide('istanbul', view, legal, { level: 'hard', seed: pidFile }).finally(() => {
      hungSettled = true;
    });
    hung.catch(() => undefined);
    // Another channel's computer player, while the first worker hangs: answered by the other worker.
    const other = await pool.decide('istanbul', view, legal, { level: 'easy', seed: 'o' });
    expect(hungSettled).toBe(false);
    expect(legal[other.index]).toBeDefined();
    const error = await hung.then(
      () => null,
      (e: unknown) => e,
    );
    const waited = performance.now() - started;
    expect(error).toBeInstanceOf(AiDecisionAbandonedError);
    expect(waited).toBeGreaterThanOrEqual(DEADLINE + MARGIN - 5);
    expect(waited).toBeLessThan(DEADLINE + MARGIN + 10_000);
    // The hung worker is gone (terminated; killed after a second at the latest)...
    const hungPid = Number(readFileSync(pidFile, 'utf8'));
    expect(hungPid).toBeGreaterThan(0);
    await expect.poll(() => alive(hungPid), { timeout: 5_000 }).toBe(false);
    // ...and the pool goes on with live workers.
    const after = await Promise.all([pool.decide('istanbul', view, legal, { level: 'easy', seed: 'a1' }), pool.decide('istanbul', view, legal, { level: 'easy', seed: 'a2' })]);
    for (const answer of after) {
      expect(answer.iterations).not.toBe(hungPid);
      expect(alive(answer.iterations)).toBe(true);
    }
    expect(pool.pending).toBe(0);
  }, 60_000);

  it('with one worker: the decision waiting behind the hung one is answered by its replacement', async () => {
    pool = createAiPool({ threads: 1, deadlineMs: DEADLINE, marginMs: MARGIN, workerFile: WORKER });
    const hung = pool.decide('istanbul', view, legal, { level: 'hard', seed: 'h' });
    const waiting = pool.decide('istanbul', view, legal, { level: 'easy', seed: 'w' });
    await expect(hung).rejects.toBeInstanceOf(AiDecisionAbandonedError);
    // The only worker hung: the answer comes from the one that replaced it.
    expect(legal[(await waiting).index]).toBeDefined();
  }, 60_000);

  it('a failing worker rejects the decision; a stop abandons a hung decision at once', async () => {
    pool = createAiPool({ threads: 1, deadlineMs: DEADLINE, marginMs: 60_000, workerFile: WORKER });
    await expect(pool.decide('istanbul', view, legal, { level: 'normal', seed: 'f' })).rejects.toThrow(/the test AI fails/);
    const settled = (p: Promise<unknown>): Promise<unknown> => p.then(() => null, (e: unknown) => e);
    const hung = settled(pool.decide('istanbul', view, legal, { level: 'hard', seed: 'h' }));
    const queued = settled(pool.decide('istanbul', view, legal, { level: 'easy', seed: 'q' }));
    // Give the hung decision time to reach its worker.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    await pool.destroy();
    pool = undefined;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await hung).toBeInstanceOf(AiPoolClosedError);
    expect(await queued).toBeInstanceOf(AiPoolClosedError);
  }, 60_000);
});
