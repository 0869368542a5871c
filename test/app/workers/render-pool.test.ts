import { afterEach, describe, expect, it } from 'vitest';
import { RenderError, RenderPool } from '../../../src/app/workers/render-pool.js';
import type { IstanbulSeatView } from '../../../src/games/istanbul/view/types.js';
import { GAMES } from '../../../src/games/index.js';
import { RenderBusyError, renderBoardJob, type BoardJob } from '../../../src/render/board-job.js';
import { fixtureView as istanbulView } from '../../render/istanbul/fixtures.js';
import { F, stageView } from '../../render/kairo/fixtures.js';
import type { HeldJob } from './held-render-worker.js';
import type { CountedJob } from './gc-counting-render-worker.js';
import { WORKER_NICE } from '../../../src/app/workers/thread-priority.js';
import { threadNiceValues } from './thread-nice.js';
import { builtModuleUrl } from '../../support/node-entry.js';
import { BOARDS } from '../../bench/render-boards.js';

/**
 * The first test's pool runs the render worker from the TypeScript sources (through tsx, from-sources.mjs);
 * the others the run's transpiled workers, as the built bot does: no tsx compile at each worker start.
 */
const heldWorker = builtModuleUrl('test/app/workers/held-render-worker.ts') ?? new URL('./held-render-worker.ts', import.meta.url);
const gcCountingWorker = builtModuleUrl('test/app/workers/gc-counting-render-worker.ts') ?? new URL('./gc-counting-render-worker.ts', import.meta.url);
const builtWorker = builtModuleUrl('src/app/workers/render-worker.ts');
const fromBuild = builtWorker === undefined ? {} : { workerFile: builtWorker };
const istanbul: BoardJob = {
  game: 'istanbul',
  view: istanbulView({ players: 5, layout: 'expansion', stage: 'late' }),
  options: { locale: 'de', names: ['Aylin', 'Bram', 'Charlotte', 'Dieter', 'Eva'] },
};
const kairo: BoardJob = {
  game: 'kairo',
  view: stageView('late-4p'),
  options: { locale: 'nl', names: ['Aylin', 'Bram', 'Charlotte', 'Dieter'], lastAction: { seat: 2, fields: [F('E8'), F('D8')] } },
};

let pool: RenderPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** Resolves when the worker has set cell `index` of `cells` (Atomics.waitAsync: ES2024, in Node 20). */
function whenSet(cells: Int32Array, index: number): Promise<unknown> {
  const waitAsync = (Atomics as unknown as { waitAsync(a: Int32Array, i: number, v: number): { value: Promise<unknown> | string } }).waitAsync;
  return Promise.resolve(waitAsync(cells, index, 0).value);
}

describe('the render pool', () => {
  it('gives the same PNG bytes as drawing in-process, for Istanbul and Kairo', async () => {
    pool = new RenderPool({ workers: 1, timeoutMs: 60_000 });
    const [fromPool, local] = await Promise.all([pool.render(istanbul), renderBoardJob(istanbul, GAMES)]);
    expect(fromPool.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(fromPool.equals(local)).toBe(true);
    expect((await pool.render(kairo)).equals(await renderBoardJob(kairo, GAMES))).toBe(true);
  });

  it('draws the phone pictures too (800 px wide), the same as in-process', async () => {
    pool = new RenderPool({ workers: 1, timeoutMs: 60_000, ...fromBuild });
    for (const job of [istanbul, kairo]) {
      const phone: BoardJob = { ...job, picture: 'phone' };
      const fromPool = await pool.render(phone);
      expect(fromPool.equals(await renderBoardJob(phone, GAMES))).toBe(true);
      // the width in the PNG's header (IHDR)
      expect(fromPool.readUInt32BE(16)).toBe(800);
    }
  });

  it('while one board is being drawn, the event loop and a second board go first', async () => {
    pool = new RenderPool({ workers: 2, timeoutMs: 60_000, workerFile: heldWorker });
    const events: string[] = [];
    const hold = new SharedArrayBuffer(8);
    const cells = new Int32Array(hold);
    const held = pool.render({ ...istanbul, hold } as HeldJob).then(() => events.push('held board drawn'));
    await whenSet(cells, 0);
    events.push('held board started');
    await new Promise((resolve) => setImmediate(resolve));
    events.push('event loop turned');
    await pool.render(kairo);
    events.push('second board drawn');
    Atomics.store(cells, 1, 1);
    Atomics.notify(cells, 1);
    await held;
    expect(events).toEqual(['held board started', 'event loop turned', 'second board drawn', 'held board drawn']);
  });

  it('a board that cannot be drawn rejects with the reason, and the pool keeps drawing', async () => {
    pool = new RenderPool({ workers: 1, timeoutMs: 60_000, ...fromBuild });
    const seatView: IstanbulSeatView = { ...(istanbul.view as unknown as IstanbulSeatView), seat: 0, hand: ['take5Lira'] };
    const failed = pool.render({ ...istanbul, view: seatView } as unknown as BoardJob);
    await expect(failed).rejects.toThrow(RenderError);
    await expect(failed).rejects.toThrow(/istanbul board could not be drawn: .*public view only/);
    expect((await pool.render(istanbul)).equals(await renderBoardJob(istanbul, GAMES))).toBe(true);
  });

  it('a board that hangs is given up after the time limit, its worker is replaced, and the pool keeps drawing', async () => {
    // The limit covers every board of this pool, the cold start of the replacement worker included: on a
    // machine busy with other work that start alone took over 4 s, so the limit is generous.
    pool = new RenderPool({ workers: 1, timeoutMs: 10_000, workerFile: heldWorker });
    await pool.render(kairo);
    const [before] = pool.threadIds;
    await expect(pool.render({ ...kairo, hang: true } as HeldJob)).rejects.toThrow(/kairo board was not drawn within 10000 ms; its worker was replaced/);
    expect((await pool.render(kairo)).equals(await renderBoardJob(kairo, GAMES))).toBe(true);
    expect(pool.threadIds).toHaveLength(1);
    expect(pool.threadIds).not.toContain(before);
  });

  it('with its worker busy on pictures someone asked for, a live board asked later is drawn before every one still waiting', async () => {
    pool = new RenderPool({ workers: 1, timeoutMs: 60_000, workerFile: heldWorker });
    const drawn: string[] = [];
    const hold = new SharedArrayBuffer(8);
    const cells = new Int32Array(hold);
    // Replay frames and Phone views asked for in a row: the first takes the free worker, the others wait.
    const asked = [pool.render({ ...istanbul, hold } as HeldJob, 'asked').then(() => drawn.push('asked 1'))];
    await whenSet(cells, 0);
    for (let n = 2; n <= 6; n++) asked.push(pool.render(n % 2 === 0 ? { ...kairo, picture: 'phone' } : istanbul, 'asked').then(() => drawn.push(`asked ${n}`)));
    const live = [pool.render(kairo).then(() => drawn.push('live board 1')), pool.render(istanbul).then(() => drawn.push('live board 2'))];
    expect(pool.backlog()).toBe(7);
    expect(pool.queueSize).toBe(7);
    Atomics.store(cells, 1, 1);
    Atomics.notify(cells, 1);
    await Promise.all([...asked, ...live]);
    expect(drawn).toEqual(['asked 1', 'live board 1', 'live board 2', 'asked 2', 'asked 3', 'asked 4', 'asked 5', 'asked 6']);
    expect(pool.backlog()).toBe(0);
  });

  it('refuses an asked picture at once when as many wait as it allows, and never a live board', async () => {
    pool = new RenderPool({ workers: 1, timeoutMs: 60_000, workerFile: heldWorker, maxAskedWaiting: 2 });
    const hold = new SharedArrayBuffer(8);
    const cells = new Int32Array(hold);
    const first = pool.render({ ...istanbul, hold } as HeldJob, 'asked');
    await whenSet(cells, 0);
    const waiting = [pool.render(kairo, 'asked'), pool.render({ ...kairo, picture: 'phone' }, 'asked')];
    await expect(pool.render(istanbul, 'asked')).rejects.toThrow(RenderBusyError);
    const live = pool.render(kairo);
    expect(pool.queueSize).toBe(3);
    Atomics.store(cells, 1, 1);
    Atomics.notify(cells, 1);
    for (const png of await Promise.all([first, ...waiting, live])) expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Room again: asked pictures are taken.
    expect((await pool.render(kairo, 'asked')).equals(await renderBoardJob(kairo, GAMES))).toBe(true);
  });

  it('asked pictures waiting count in the backlog; one taken by a free worker no longer does', async () => {
    pool = new RenderPool({ workers: 1, timeoutMs: 60_000, workerFile: heldWorker });
    const hold = new SharedArrayBuffer(8);
    const cells = new Int32Array(hold);
    const last = pool.render({ ...istanbul, hold } as HeldJob);
    await whenSet(cells, 0);
    expect(pool.backlog()).toBe(0);
    const phones = [pool.render({ ...kairo, picture: 'phone' }, 'asked'), pool.render({ ...istanbul, picture: 'phone' }, 'asked')];
    expect(pool.backlog()).toBe(2);
    Atomics.store(cells, 1, 1);
    Atomics.notify(cells, 1);
    await last;
    // The first phone picture took the board's worker; the last one still waits behind it.
    expect(pool.backlog()).toBe(1);
    await Promise.all(phones);
    expect(pool.backlog()).toBe(0);
  });

  it('an asked picture withdrawn before it started is never drawn', async () => {
    const tasks: boolean[] = [];
    pool = new RenderPool({ workers: 1, timeoutMs: 60_000, workerFile: heldWorker, onTask: (_seconds, ok) => tasks.push(ok) });
    const hold = new SharedArrayBuffer(8);
    const cells = new Int32Array(hold);
    const board = pool.render({ ...istanbul, hold } as HeldJob);
    await whenSet(cells, 0);
    const withdrawal = new AbortController();
    const phone = pool.render({ ...istanbul, picture: 'phone' }, 'asked', withdrawal.signal);
    withdrawal.abort(new Error('no longer wanted'));
    await expect(phone).rejects.toThrow('no longer wanted');
    Atomics.store(cells, 1, 1);
    Atomics.notify(cells, 1);
    await board;
    expect(tasks).toEqual([true]);
    expect(pool.queueSize).toBe(0);
  });

  it('an asked picture starts at once when a worker is free', async () => {
    pool = new RenderPool({ workers: 1, timeoutMs: 60_000, ...fromBuild });
    const phone: BoardJob = { ...kairo, picture: 'phone' };
    expect((await pool.render(phone, 'asked')).equals(await renderBoardJob(phone, GAMES))).toBe(true);
  });

  it('its workers draw at a lower priority than the event loop (Linux)', async () => {
    pool = new RenderPool({ workers: 2, timeoutMs: 60_000, ...fromBuild });
    await Promise.all([pool.render(kairo), pool.render(kairo)]);
    const nice = threadNiceValues();
    expect(nice.get(process.pid)).toBe(0);
    expect([...nice.values()].filter((value) => value === WORKER_NICE).length).toBeGreaterThanOrEqual(2);
  });

  describe('a burst of 120 pictures on two workers', () => {
    // all at once, as in a burst of turns: the workers go from picture to picture without waiting for work
    async function burst(): Promise<{ majorGcs: number; rssGrowthMb: number }> {
      pool = new RenderPool({ workers: 2, timeoutMs: 60_000, workerFile: gcCountingWorker });
      const stats = new SharedArrayBuffer(12);
      Atomics.store(new Int32Array(stats), 2, -1e9);
      const kinds = ['istanbul 5p 4x4 late', 'istanbul 5p 5x4 Letters & Seals', 'kairo 4p late'].flatMap((name) => [BOARDS[name] as BoardJob, { ...(BOARDS[name] as BoardJob), picture: 'phone' as const }]);
      // Each worker draws each kind once first (its kept canvases, layers and sprites are made then).
      await Promise.all([...kinds, ...kinds].map((job) => pool?.render(job)));
      const jobs: CountedJob[] = Array.from({ length: 20 }, () => kinds.map((job) => ({ ...job, stats }))).flat();
      await Promise.all(jobs.map((job) => pool?.render(job)));
      const cells = new Int32Array(stats);
      return { majorGcs: Atomics.load(cells, 0), rssGrowthMb: Atomics.load(cells, 1) + Atomics.load(cells, 2) };
    }

    it('runs few full garbage collections: the workers\' heaps have room for the pictures\' buffers', async () => {
      // 2-4 in the burst here, on a quiet machine and beside two busy loops. Without WORKER_INITIAL_OLD_SPACE_MB
      // a worker could fall into a mark-compact every one to three pictures: 3-26 here (8 or more in most runs).
      expect((await burst()).majorGcs).toBeLessThan(8);
    });

    it('frees each picture\'s pixels as it goes: the process grows by far less than the burst\'s pixels', async () => {
      // A board's pixels are 7.7 MB, freed when the worker's event loop turns. With that turn after each
      // picture the process grew by 170-220 MB here; without it, by 830-880 MB (the bot reached 1.8 GB).
      expect((await burst()).rssGrowthMb).toBeLessThan(450);
    });
  });

  it('refuses to start without a worker', () => {
    expect(() => new RenderPool({ workers: 0, timeoutMs: 1_000 })).toThrow(/at least one worker/);
  });
});
