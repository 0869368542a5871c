/**
 * The figures the operator's metrics read at scrape time (src/ops/metrics.ts), once on a SQLite file and
 * once on PostgreSQL: the outbox's backlog and the age of its oldest owed delivery, the scheduled jobs
 * due and late, the running games, each of this process's own shards only; the store's trivial query
 * for the health check, and the time of its transactions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { NewGame } from '../../src/persistence/game-repository.js';
import type { StoreOptions } from '../../src/persistence/sqlite-store.js';
import type { Store } from '../../src/persistence/store.js';
import { storeOnFresh, storesUnderTest } from '../support/stores.js';

const T0 = 1_700_000_000_000;
const GUILD = '100000000000000001';
/** A guild id whose shard, out of `count`, is `shard`. */
const guildOnShard = (shard: number, count: number): string => String((BigInt(1_000_000_000 * count + shard) << 22n) | 1n);

const lobby = (channelId: string, guildId = GUILD): NewGame => ({
  guildId,
  channelId,
  kind: 'kairo',
  hostUserId: '200000000000000001',
  options: {},
  seed: 'seed',
  locale: 'en',
});

let opened: Store[] = [];
let drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const store of opened) await store.close();
  for (const drop of drops) await drop();
  opened = [];
  drops = [];
});

describe.each(storesUnderTest('ops'))('figures for the metrics on $label', (under) => {
  async function open(options: StoreOptions = {}): Promise<{ store: Store; clock: { now: number } }> {
    const clock = { now: T0 };
    const fresh = await under.fresh();
    drops.push(() => fresh.drop());
    const store = await storeOnFresh(fresh, { now: () => clock.now, ...options });
    opened.push(store);
    return { store, clock };
  }

  async function game(store: Store, channelId: string, guildId = GUILD) {
    const result = await store.games.createGame(lobby(channelId, guildId));
    if (!result.ok) throw new Error('refused');
    return result.game;
  }

  it.runIf(under.available)('the outbox owes what is due or failed; a direct message held for later is not owed, nor in the age', async () => {
    const { store, clock } = await open();
    expect(await store.deliveries.backlog(T0)).toEqual({ pending: 0, oldestCreatedAt: null });
    const g = await game(store, '300000000000000001');
    const row = { gameId: g.id, guildId: GUILD, channelId: g.channelId, version: 1 };
    const first = await store.deliveries.add({ ...row, kind: 'board', payload: {} });
    clock.now = T0 + 1_000;
    const second = await store.deliveries.add({ ...row, kind: 'board', payload: {} });
    // Held until the player's quiet hours end: written long before it is due.
    await store.deliveries.add({ ...row, kind: 'dm', payload: {}, dueAt: T0 + 3_600_000 });
    expect(await store.deliveries.backlog(T0 + 1_000)).toEqual({ pending: 2, oldestCreatedAt: T0 });
    // Failed and waiting for its retry: still owed.
    await store.deliveries.failed(first.id, 1, T0 + 60_000, 'Discord said 503');
    await store.deliveries.delivered(second.id, '900000000000000001');
    expect(await store.deliveries.backlog(T0 + 2_000)).toEqual({ pending: 1, oldestCreatedAt: T0 });
    await store.deliveries.delivered(first.id, '900000000000000002');
    expect(await store.deliveries.backlog(T0 + 2_000)).toEqual({ pending: 0, oldestCreatedAt: null });
    // The held message's time came: owed now, but its age is not the outbox's delay.
    expect(await store.deliveries.backlog(T0 + 3_600_000)).toEqual({ pending: 1, oldestCreatedAt: null });
  });

  it.runIf(under.available)('counts the jobs due and those late, and the lobbies and active games, of its own shards only', async () => {
    const mine = guildOnShard(0, 2);
    const theirs = guildOnShard(1, 2);
    const { store } = await open({ shards: { shardCount: 2, shardIds: [0] } });
    expect(await store.games.jobsDue(T0, T0 - 60_000)).toEqual({ due: 0, late: 0 });
    expect(await store.games.runningCounts()).toEqual({ lobby: 0, active: 0 });
    const a = await game(store, '300000000000000011', mine);
    const b = await game(store, '300000000000000012', mine);
    const c = await game(store, '300000000000000013', theirs);
    await store.games.saveState(b.id, b.version, { status: 'active', state: '{}' });
    for (const [gameId, dueAt] of [
      [a.id, T0 - 120_000],
      [a.id, T0 - 10_000],
      [b.id, T0 + 10_000],
      [c.id, T0 - 120_000],
    ] as const) {
      await store.games.scheduleJob({ kind: 'reminder', gameId, dueAt, payload: {} });
    }
    expect(await store.games.jobsDue(T0, T0 - 60_000)).toEqual({ due: 2, late: 1 });
    expect(await store.games.runningCounts()).toEqual({ lobby: 1, active: 1 });
  });

  it.runIf(under.available)('answers the health check’s trivial query, and tells how long each transaction took and whether it committed', async () => {
    const ended: { seconds: number; committed: boolean }[] = [];
    const { store } = await open({ onTransaction: (seconds, committed) => ended.push({ seconds, committed }) });
    await expect(store.ping()).resolves.toBeUndefined();
    await store.transaction(async () => {
      await game(store, '300000000000000021');
    });
    await expect(
      store.transaction(async () => {
        await game(store, '300000000000000022');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(ended.map((e) => e.committed)).toEqual([true, false]);
    expect(ended.every((e) => e.seconds >= 0 && e.seconds < 10)).toBe(true);
  });
});
