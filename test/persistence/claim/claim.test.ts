/**
 * Claiming due rows across processes, on SQLite (a shared file) and on PostgreSQL: the earliest due rows
 * up to a limit, leased to one owner; nobody else gets a row while its lease holds; a row whose holder
 * died (lease ran out) is claimed again. And the race: two OS processes claiming the same chore at the
 * moment it falls due, 50 times: exactly one of them runs it, every time.
 */
import { eq, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shardOfGuild } from '../../../src/sharding.js';
import { storesUnderTest, type StoreUnderTest } from '../../support/stores.js';
import { startRacer } from './racer.js';
import { openChoreStore, pgChores, sqliteChores, type ChoreStore } from './chores.js';

const TRIALS = 50;

/** A fresh store of chores per test, with the condition "named ..." in its dialect. */
async function open(store: StoreUnderTest): Promise<{ store: ChoreStore; target: string; nameIs: (name: string) => SQL }> {
  const fresh = await store.fresh();
  const target = fresh.kind === 'sqlite' ? `sqlite:${fresh.path}` : fresh.url;
  const opened = await openChoreStore(target);
  return {
    store: {
      ...opened,
      async close() {
        await opened.close();
        await fresh.drop();
      },
    },
    target,
    nameIs: (name) => (fresh.kind === 'sqlite' ? eq(sqliteChores.name, name) : eq(pgChores.name, name)),
  };
}

describe.each(storesUnderTest('claim'))('claiming due rows on $label', (under) => {
  it.runIf(under.available)('takes the earliest due rows up to the limit, leases them to the owner, and leaves what is not due', async () => {
    const { store } = await open(under);
    try {
      await store.add('water the plants', 100);
      await store.add('sweep the yard', 300);
      await store.add('feed the cat', 200);
      await store.add('later', 900);
      const first = await store.claim({ now: 500, limit: 2, leaseMs: 1_000, owner: 'east' });
      expect(first.map((c) => [c.name, c.claimedBy, c.claimedUntil])).toEqual([
        ['water the plants', 'east', 1_500],
        ['feed the cat', 'east', 1_500],
      ]);
      expect((await store.claim({ now: 500, limit: 2, leaseMs: 1_000, owner: 'west' })).map((c) => c.name)).toEqual(['sweep the yard']);
      expect(await store.claim({ now: 500, limit: 2, leaseMs: 1_000, owner: 'west' })).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it.runIf(under.available)('a held row is nobody else’s until its lease runs out (its holder died); then another claims it', async () => {
    const { store } = await open(under);
    try {
      const id = await store.add('reminder', 1_000);
      expect((await store.claim({ now: 1_000, limit: 1, leaseMs: 500, owner: 'east' })).map((c) => c.id)).toEqual([id]);
      expect(await store.claim({ now: 1_200, limit: 1, leaseMs: 500, owner: 'west' })).toEqual([]);
      expect(await store.claim({ now: 1_500, limit: 1, leaseMs: 500, owner: 'west' })).toEqual([]);
      const again = await store.claim({ now: 1_501, limit: 1, leaseMs: 500, owner: 'west' });
      expect(again.map((c) => [c.id, c.claimedBy, c.claimedUntil])).toEqual([[id, 'west', 2_001]]);
    } finally {
      await store.close();
    }
  });

  it.runIf(under.available)('a further condition narrows the claim', async () => {
    const { store, nameIs } = await open(under);
    try {
      await store.add('dust', 10);
      await store.add('mop', 10);
      const mine = await store.claim({ now: 20, limit: 10, leaseMs: 100, owner: 'east', where: nameIs('mop') });
      expect(mine.map((c) => c.name)).toEqual(['mop']);
      expect((await store.all()).find((c) => c.name === 'dust')?.claimedBy).toBeNull();
    } finally {
      await store.close();
    }
  });

  it.runIf(under.available)('a process claims only the chores of guilds on its own shards ((guild_id >> 22) % count)', async () => {
    const { store } = await open(under);
    try {
      // Guild ids as Discord makes them: the timestamp part decides the shard.
      const guilds = Array.from({ length: 60 }, (_, i) => ((BigInt(1_100_000_000_000 + i * 7_919) << 22n) | 0x1_2345n).toString());
      for (const [i, guildId] of guilds.entries()) await store.add(`chore ${i}`, 10, guildId);
      const shards = { shardCount: 4, shardIds: [1, 3] };
      const mine = await store.claim({ now: 20, limit: 100, leaseMs: 100, owner: 'shards 1 and 3', where: store.onShards(shards) });
      const expected = guilds.filter((guildId) => [1, 3].includes(shardOfGuild(guildId, 4)));
      expect(expected.length).toBeGreaterThan(10);
      expect(expected.length).toBeLessThan(50);
      expect(mine.map((c) => c.guildId).sort()).toEqual(expected.sort());
      // The other shards' process takes the rest; a process of every shard needs no condition at all.
      const rest = await store.claim({ now: 20, limit: 100, leaseMs: 100, owner: 'shards 0 and 2', where: store.onShards({ shardCount: 4, shardIds: [0, 2] }) });
      expect(rest).toHaveLength(guilds.length - expected.length);
      expect(store.onShards({ shardCount: 4, shardIds: [0, 1, 2, 3] })).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it.runIf(under.available)(`two processes racing on the same chore as it falls due, ${TRIALS} trials: exactly one runs it each time`, { timeout: 120_000 }, async () => {
    const { store, target } = await open(under);
    const workers = await Promise.all([startRacer('race-worker.ts', target, 'east'), startRacer('race-worker.ts', target, 'west')]);
    try {
      const chores: number[] = [];
      for (let trial = 1; trial <= TRIALS; trial++) {
        const due = Date.now() + 15;
        chores.push(await store.add(`trial ${trial}`, due));
        // Both claim in a loop from before the chore is due until 40 ms after (at least once each).
        await Promise.all(workers.map((worker) => worker.ask(`race ${trial} ${due + 40}`, `done ${trial} `)));
      }
      const runs = await store.runs();
      const perChore = new Map<number, string[]>();
      for (const run of runs) perChore.set(run.choreId, [...(perChore.get(run.choreId) ?? []), run.runner]);
      const ranTwice = chores.filter((id) => (perChore.get(id)?.length ?? 0) > 1).map((id) => [id, perChore.get(id)]);
      const neverRan = chores.filter((id) => !perChore.has(id));
      expect({ ranTwice, neverRan }).toEqual({ ranTwice: [], neverRan: [] });
      expect(runs).toHaveLength(TRIALS);
      // Both really competed: each won some of the trials.
      expect(new Set(runs.map((run) => run.runner))).toEqual(new Set(['east', 'west']));
      // The lease names the process that ran it.
      const byId = new Map((await store.all()).map((c) => [c.id, c]));
      for (const run of runs) expect(byId.get(run.choreId)?.claimedBy).toBe(run.runner);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await store.close();
    }
  });
});
