/**
 * Both stores for one test: `describe.each(storesUnderTest('prefix'))('... on $label', (store) => ...)`
 * runs a block once on a SQLite file and once on the run's throwaway PostgreSQL server. Each `fresh()`
 * is an empty store of its own (a new file, a new database), removed by its `drop()`.
 *
 * Call it at the top of a test file (it registers the file's PostgreSQL hooks).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { openConfiguredDatabase, storeOn } from '../../src/persistence/open-store.js';
import type { StoreOptions } from '../../src/persistence/sqlite-store.js';
import type { Store } from '../../src/persistence/store.js';
import { createDatabase, usePostgresDatabase } from './postgres-database.js';

export type FreshStore =
  | { readonly kind: 'sqlite'; /** The database file (it does not exist yet). */ readonly path: string; drop(): Promise<void> }
  | { readonly kind: 'postgres'; /** postgres://... of an empty database. */ readonly url: string; drop(): Promise<void> };

export interface StoreUnderTest {
  readonly label: string;
  readonly kind: FreshStore['kind'];
  /** False only for PostgreSQL locally without a server (the run printed how to install it). */
  readonly available: boolean;
  fresh(): Promise<FreshStore>;
}

/** The bot's store on a fresh database, opened as the bot opens it (DATABASE_PATH or DATABASE_URL); its close() closes it. */
export async function storeOnFresh(fresh: FreshStore, options: StoreOptions = {}): Promise<Store> {
  return storeOn(await openConfiguredDatabase(fresh.kind === 'sqlite' ? { databasePath: fresh.path } : { databasePath: '', databaseUrl: fresh.url }), options);
}

/** How a process of another program names the database: `sqlite:<file>` or the postgres:// URL. */
export const targetOf = (fresh: FreshStore): string => (fresh.kind === 'sqlite' ? `sqlite:${fresh.path}` : fresh.url);

export function storesUnderTest(prefix = 'store'): StoreUnderTest[] {
  const postgres = usePostgresDatabase(prefix);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bazaar-${prefix}-`));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  return [
    {
      label: 'a SQLite file',
      kind: 'sqlite',
      available: true,
      async fresh() {
        const file = path.join(dir, `${prefix}-${++files}.db`);
        return {
          kind: 'sqlite',
          path: file,
          async drop() {
            for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
          },
        };
      },
    },
    {
      label: 'PostgreSQL',
      kind: 'postgres',
      available: postgres.available,
      async fresh() {
        const database = await createDatabase(postgres.adminUrl, prefix);
        return { kind: 'postgres', url: database.url, drop: database.drop };
      },
    },
  ];
}
