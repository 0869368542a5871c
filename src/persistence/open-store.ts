/**
 * The database the configuration names: the PostgreSQL server of DATABASE_URL (shared by every process
 * and machine of the bot), else the SQLite file at DATABASE_PATH (the zero-set-up default). Opening
 * applies the committed migrations and refuses a newer schema, either way. The store on top of it is
 * made by whoever knows the clock and the shards (`storeOn`).
 */
import { openDatabase, type OpenDatabase } from './database.js';
import { describeConnection, openPostgres, type OpenPostgres } from './postgres/database.js';
import { PostgresStore } from './postgres/store.js';
import { SqliteStore, type StoreOptions } from './sqlite-store.js';
import type { Store } from './store.js';

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
    const open = await openPostgres(choice.databaseUrl, {
      ...(choice.databasePoolSize !== undefined ? { poolSize: choice.databasePoolSize } : {}),
      ...(onIdleError !== undefined ? { onIdleError } : {}),
    });
    return { dialect: 'postgres', open, where: describeConnection(choice.databaseUrl) };
  }
  return { dialect: 'sqlite', open: openDatabase(choice.databasePath), where: choice.databasePath };
}

export function storeOn(database: OpenedDatabase, options: StoreOptions = {}): Store {
  return database.dialect === 'postgres' ? new PostgresStore(database.open, options) : new SqliteStore(database.open, options);
}

export async function closeDatabase(database: OpenedDatabase): Promise<void> {
  if (database.dialect === 'postgres') await database.open.close();
  else database.open.close();
}
