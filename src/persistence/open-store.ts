/**
 * The database the configuration names: the PostgreSQL server of DATABASE_URL (shared by every process
 * and machine of the bot), else the SQLite file at DATABASE_PATH (the zero-set-up default). Opening
 * applies the committed migrations and refuses a newer schema, either way. The store on top of it is
 * made by whoever knows the clock and the shards (`storeOn`).
 */
import { openDatabase, type OpenDatabase } from './database.js';
import type { OpenPostgres } from './postgres/database.js';
import type { PostgresStore } from './postgres/store.js';
import { SqliteStore, type StoreOptions } from './sqlite-store.js';
import type { Store } from './store.js';

/**
 * The PostgreSQL side (pg, drizzle's node-postgres) is loaded only for a DATABASE_URL: on SQLite, the
 * default, the start does not pay for it (a tenth of a second and more of a busy machine's start-up).
 */
let postgresStore: typeof PostgresStore | undefined;

export type OpenedDatabase =
  | { readonly dialect: 'sqlite'; readonly open: OpenDatabase; /** For logs: the file. */ readonly where: string }
  | { readonly dialect: 'postgres'; readonly open: OpenPostgres; /** For logs: host:port/database, never the password. */ readonly where: string };

export interface DatabaseChoice {
  readonly databasePath: string;
  readonly databaseUrl?: string | undefined;
  readonly databasePoolSize?: number | undefined;
}

/** Throws DatabaseOpenError with a line for the operator when the database cannot be used. */
export async function openConfiguredDatabase(choice: DatabaseChoice, onIdleError?: (error: Error) => void): Promise<OpenedDatabase> {
  if (choice.databaseUrl !== undefined) {
    const [{ describeConnection, openPostgres }, store] = await Promise.all([import('./postgres/database.js'), import('./postgres/store.js')]);
    postgresStore = store.PostgresStore;
    const open = await openPostgres(choice.databaseUrl, {
      ...(choice.databasePoolSize !== undefined ? { poolSize: choice.databasePoolSize } : {}),
      ...(onIdleError !== undefined ? { onIdleError } : {}),
    });
    return { dialect: 'postgres', open, where: describeConnection(choice.databaseUrl) };
  }
  return { dialect: 'sqlite', open: openDatabase(choice.databasePath, { backgroundCheckpoints: true }), where: choice.databasePath };
}

export function storeOn(database: OpenedDatabase, options: StoreOptions = {}): Store {
  if (database.dialect === 'sqlite') return new SqliteStore(database.open, options);
  // A PostgreSQL database comes from openConfiguredDatabase, which loaded the store.
  if (postgresStore === undefined) throw new Error('a PostgreSQL database is opened with openConfiguredDatabase');
  return new postgresStore(database.open, options);
}

export async function closeDatabase(database: OpenedDatabase): Promise<void> {
  if (database.dialect === 'postgres') await database.open.close();
  else database.open.close();
}
