/**
 * Claiming due outbox rows (the deliveries table, 10,000 pending over 1,000 games), one claim of the 10
 * earliest due rows at a time: on a SQLite file (claimDueSqlite, an IMMEDIATE transaction) and on the
 * throwaway PostgreSQL server (claimDuePostgres, FOR UPDATE SKIP LOCKED, over loopback TCP). Each claim's
 * `now` lies past the previous lease, so every claim finds and leases 10 rows. Median and p95 per claim.
 * Run with `npx vitest bench --run test/bench/claim.bench.ts`; the figures are printed as a table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, bench, describe, inject } from 'vitest';
import { claimDueSqlite } from '../../src/persistence/claim.js';
import { openDatabase } from '../../src/persistence/database.js';
import { claimDuePostgres } from '../../src/persistence/postgres/claim.js';
import { openPostgres } from '../../src/persistence/postgres/database.js';
import * as pgSchema from '../../src/persistence/postgres/schema.js';
import * as sqliteSchema from '../../src/persistence/schema.js';
import { createDatabase } from '../support/postgres-database.js';
import { median, percentile } from './stats.js';

const GAMES = 1_000;
const PER_GAME = 10;
const CLAIMS = 500;
const ONCE = { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 };
const results: Record<string, string | number>[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-claim-'));

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`\nClaiming the 10 earliest due of ${GAMES * PER_GAME} pending deliveries (${CLAIMS} claims):`);
  console.table(results);
});

const gameRow = (i: number) => ({
  guildId: '100000000000000001',
  channelId: String(300000000000000000n + BigInt(i)),
  kind: 'kairo',
  hostUserId: '200000000000000001',
  options: '{}',
  seed: `game ${i}`,
  status: 'active' as const,
  createdAt: 0,
  updatedAt: 0,
});
const deliveryRow = (gameId: number, i: number, j: number) => ({
  gameId,
  guildId: '100000000000000001',
  channelId: String(300000000000000000n + BigInt(i)),
  kind: 'board',
  version: j,
  payload: '{}',
  nextAttemptAt: i * PER_GAME + j,
  createdAt: 0,
});

async function measure(name: string, claim: (now: number) => Promise<number>): Promise<void> {
  const times: number[] = [];
  let now = GAMES * PER_GAME;
  for (let i = 0; i < CLAIMS; i++) {
    now += 1_001; // past the previous 1 s lease
    const start = performance.now();
    const claimed = await claim(now);
    times.push(performance.now() - start);
    if (claimed !== 10) throw new Error(`claimed ${claimed} rows, expected 10`);
  }
  results.push({ store: name, median_ms: median(times).toFixed(3), p95_ms: percentile(times, 0.95).toFixed(3), claims_per_s: Math.round(1_000 / median(times)) });
}

describe('claiming due deliveries', () => {
  bench(
    'SQLite file',
    async () => {
      const store = openDatabase(path.join(dir, 'claim.db'));
      const { games, deliveries } = sqliteSchema;
      store.sqlite.transaction(() => {
        for (let i = 0; i < GAMES; i++) {
          const game = store.db.insert(games).values(gameRow(i)).returning().get();
          for (let j = 0; j < PER_GAME; j++) store.db.insert(deliveries).values(deliveryRow(game.id, i, j)).run();
        }
      })();
      const columns = { id: deliveries.id, dueAt: deliveries.nextAttemptAt, claimedUntil: deliveries.claimedUntil, claimedBy: deliveries.claimedBy };
      await measure('SQLite (claimDueSqlite)', async (now) =>
        claimDueSqlite(store.db, deliveries, columns, { now, limit: 10, leaseMs: 1_000, owner: 'bench', where: eq(deliveries.status, 'pending') }).length,
      );
      store.close();
    },
    ONCE,
  );

  bench(
    'PostgreSQL',
    async () => {
      const provided = inject('postgres');
      if (!('adminUrl' in provided)) {
        results.push({ store: 'PostgreSQL', median_ms: provided.unavailable, p95_ms: '', claims_per_s: '' });
        return;
      }
      const database = await createDatabase(provided.adminUrl, 'bench_claim');
      const store = await openPostgres(database.url, { poolSize: 2 });
      const { games, deliveries } = pgSchema;
      for (let i = 0; i < GAMES; i += 100) {
        const batch = await store.db
          .insert(games)
          .values(Array.from({ length: 100 }, (_, k) => gameRow(i + k)))
          .returning({ id: games.id });
        await store.db.insert(deliveries).values(batch.flatMap(({ id }, k) => Array.from({ length: PER_GAME }, (_, j) => deliveryRow(id, i + k, j))));
      }
      await store.pool.query('ANALYZE');
      const columns = { id: deliveries.id, dueAt: deliveries.nextAttemptAt, claimedUntil: deliveries.claimedUntil, claimedBy: deliveries.claimedBy };
      await measure('PostgreSQL (claimDuePostgres)', async (now) =>
        (await claimDuePostgres(store.db, deliveries, columns, { now, limit: 10, leaseMs: 1_000, owner: 'bench', where: eq(deliveries.status, 'pending') })).length,
      );
      await store.close();
      await database.drop();
    },
    ONCE,
  );
});
