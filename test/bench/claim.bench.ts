/**
 * Claiming due outbox rows (the deliveries table, 10,000 pending over 1,000 games) as the deliverer does,
 * through the store's `deliveries.claim`: one game's 10 due rows at a time, on a SQLite file (one writer at
 * a time) and on the throwaway PostgreSQL server (FOR UPDATE SKIP LOCKED, over loopback TCP). Each claim
 * takes the next game's rows, so every claim finds and leases 10 rows. Median and p95 per claim.
 * Run with `npx vitest bench --run test/bench/claim.bench.ts`; the figures are printed as a table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, bench, describe, inject } from 'vitest';
import { openDatabase } from '../../src/persistence/database.js';
import { openPostgres } from '../../src/persistence/postgres/database.js';
import * as pgSchema from '../../src/persistence/postgres/schema.js';
import { PostgresStore } from '../../src/persistence/postgres/store.js';
import * as sqliteSchema from '../../src/persistence/schema.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import type { Store } from '../../src/persistence/store.js';
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
  console.log(`\nClaiming one game's ${PER_GAME} due deliveries among ${GAMES * PER_GAME} pending (${CLAIMS} claims):`);
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

async function measure(name: string, store: Store, gameIds: readonly number[]): Promise<void> {
  const times: number[] = [];
  const now = GAMES * PER_GAME; // every delivery is due
  for (let i = 0; i < CLAIMS; i++) {
    const start = performance.now();
    const claimed = (await store.deliveries.claim(gameIds[i]!, now, 1_000, 'bench')).length;
    times.push(performance.now() - start);
    if (claimed !== 10) throw new Error(`claimed ${claimed} rows, expected 10`);
  }
  results.push({ store: name, median_ms: median(times).toFixed(3), p95_ms: percentile(times, 0.95).toFixed(3), claims_per_s: Math.round(1_000 / median(times)) });
}

describe('claiming due deliveries', () => {
  bench(
    'SQLite file',
    async () => {
      const database = openDatabase(path.join(dir, 'claim.db'));
      const { games, deliveries } = sqliteSchema;
      const gameIds: number[] = [];
      database.sqlite.transaction(() => {
        for (let i = 0; i < GAMES; i++) {
          const game = database.db.insert(games).values(gameRow(i)).returning().get();
          gameIds.push(game.id);
          for (let j = 0; j < PER_GAME; j++) database.db.insert(deliveries).values(deliveryRow(game.id, i, j)).run();
        }
      })();
      await measure('SQLite', new SqliteStore(database), gameIds);
      database.close();
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
      const gameIds: number[] = [];
      for (let i = 0; i < GAMES; i += 100) {
        const batch = await store.db
          .insert(games)
          .values(Array.from({ length: 100 }, (_, k) => gameRow(i + k)))
          .returning({ id: games.id });
        gameIds.push(...batch.map(({ id }) => id));
        await store.db.insert(deliveries).values(batch.flatMap(({ id }, k) => Array.from({ length: PER_GAME }, (_, j) => deliveryRow(id, i + k, j))));
      }
      await store.pool.query('ANALYZE');
      await measure('PostgreSQL', new PostgresStore(store), gameIds);
      await store.close();
      await database.drop();
    },
    ONCE,
  );
});
