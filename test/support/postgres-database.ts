/**
 * A database of its own for one test file, in the run's throwaway cluster (postgres-global-setup.ts):
 * created before the file's tests, dropped after them (also when they fail).
 *
 *   const postgres = usePostgresDatabase();          // at the top of the file
 *   describe.runIf(postgres.available)('...', () => { ... postgres.url ... });
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

export interface TestDatabase {
  /** False only locally without a PostgreSQL server (the run printed how to install it). */
  readonly available: boolean;
  /** postgres://... of this file's database; set once beforeAll ran. */
  readonly url: string;
  /** The cluster's maintenance database (superuser), for creating more databases. */
  readonly adminUrl: string;
}

/** Creates a fresh, empty database in the cluster and returns its URL and a drop function. */
export async function createDatabase(adminUrl: string, prefix = 'test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function usePostgresDatabase(prefix = 'test'): TestDatabase {
  const provided = inject('postgres');
  const available = 'adminUrl' in provided;
  const state = { url: '', drop: async (): Promise<void> => undefined };
  if (available) {
    beforeAll(async () => {
      const database = await createDatabase(provided.adminUrl, prefix);
      state.url = database.url;
      state.drop = database.drop;
    });
    afterAll(async () => {
      await state.drop();
    });
  }
  return {
    available,
    get url() {
      if (!state.url) throw new Error('the test database exists only inside tests (after beforeAll)');
      return state.url;
    },
    adminUrl: available ? provided.adminUrl : '',
  };
}
