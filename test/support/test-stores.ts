/**
 * A `Store` per test on each store under test, for the tests that build a game service on one:
 *
 *   const stores = testStores('service');                       // at the top of the file
 *   describe.each(stores)('... on $label', (under) => {
 *     describe.runIf(under.available)('...', () => {
 *       beforeEach(async () => ({ store, execute } = await under.open({ now: () => clock.now() })));
 *
 * SQLite: a new file per test. PostgreSQL: one database for the whole file, emptied before each test
 * (TRUNCATE, identities restarted, so ids start at 1 as in a new file): creating and migrating a
 * database per test would cost more than the tests. What a test opened is closed after it.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';
import { openDatabase } from '../../src/persistence/database.js';
import { openPostgres, type OpenPostgres } from '../../src/persistence/postgres/database.js';
import * as schema from '../../src/persistence/postgres/schema.js';
import { PostgresStore } from '../../src/persistence/postgres/store.js';
import { SqliteStore, type StoreOptions } from '../../src/persistence/sqlite-store.js';
import type { Store } from '../../src/persistence/store.js';
import { storesUnderTest, type StoreUnderTest } from './stores.js';

export interface TestStore {
  readonly store: Store;
  /** Another process's store on the same database: its own connection (SQLite) or pool (PostgreSQL). */
  another(options?: StoreOptions): Promise<Store>;
  /**
   * One statement straight on the database, past the repositories (damaged rows, counts), with `?` for
   * its values in either dialect; the rows it returns.
   */
  execute<R = Record<string, unknown>>(statement: string, ...values: unknown[]): Promise<R[]>;
}

export interface StoreToTest extends StoreUnderTest {
  /** The test's store on an empty database. */
  open(options?: StoreOptions): Promise<TestStore>;
}

interface SharedPostgres {
  readonly url: string;
  readonly open: OpenPostgres;
  /** TRUNCATE of every table, identities restarted. */
  readonly empty: string;
}

/** `?, ?` as PostgreSQL's `$1, $2`. */
const numbered = (statement: string): string => {
  let n = 0;
  return statement.replace(/\?/g, () => `$${++n}`);
};

export function testStores(prefix: string): StoreToTest[] {
  let closing: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const close of closing.reverse()) await close();
    closing = [];
  });

  let shared: Promise<SharedPostgres> | undefined;
  let dropShared = async (): Promise<void> => undefined;
  afterAll(async () => {
    await (await shared)?.open.close();
    await dropShared();
  });
  const sharedPostgres = (under: StoreUnderTest): Promise<SharedPostgres> =>
    (shared ??= (async () => {
      const fresh = await under.fresh();
      if (fresh.kind !== 'postgres') throw new Error('a PostgreSQL database was expected');
      dropShared = fresh.drop;
      const open = await openPostgres(fresh.url, { poolSize: 4 });
      const { rows } = await open.pool.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
      return { url: fresh.url, open, empty: `TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY` };
    })());

  /** A store whose close() waits for its work but leaves the file's shared pool open. */
  const onShared = (open: OpenPostgres, options: StoreOptions): Store => {
    const store = new PostgresStore({ ...open, close: async () => undefined }, options);
    closing.push(() => store.close());
    return store;
  };

  return storesUnderTest(prefix).map((under) => ({
    ...under,
    async open(options = {}) {
      if (under.kind === 'postgres') {
        const { url, open, empty } = await sharedPostgres(under);
        await open.pool.query(empty);
        return {
          store: onShared(open, options),
          async another(more = options) {
            // A pool of its own on the migrated database (opening with openPostgres would check the
            // migrations again, a third of a second each time).
            const pool = new pg.Pool({ connectionString: url, max: 2 });
            const store = new PostgresStore({ pool, db: drizzle(pool, { schema }), close: () => pool.end() }, more);
            closing.push(() => store.close());
            return store;
          },
          execute: async <R>(statement: string, ...values: unknown[]) => (await open.pool.query<R & pg.QueryResultRow>(numbered(statement), values)).rows,
        };
      }
      const fresh = await under.fresh();
      if (fresh.kind !== 'sqlite') throw new Error('a SQLite file was expected');
      closing.push(() => fresh.drop());
      const storeOn = (more: StoreOptions): Store => {
        const store = new SqliteStore(openDatabase(fresh.path), more);
        closing.push(() => store.close());
        return store;
      };
      const store = storeOn(options);
      return {
        store,
        another: async (more = options) => storeOn(more),
        async execute<R>(statement: string, ...values: unknown[]) {
          const prepared = (store as SqliteStore).open.sqlite.prepare(statement);
          return prepared.reader ? (prepared.all(...values) as R[]) : (prepared.run(...values), []);
        },
      };
    },
  }));
}
