/**
 * Opens the PostgreSQL store (DATABASE_URL): a connection pool, then the committed migrations of
 * migrations/postgres/ applied at start-up, with the SQLite opener's refusal of a schema that a newer
 * version of the bot has migrated (never migrating down). Several processes may start at once: an
 * advisory lock lets one of them migrate while the others wait, then find nothing left to do.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DatabaseOpenError } from '../database.js';
import * as schema from './schema.js';

/** How long getting a connection may take before the call fails as "database unreachable". */
export const CONNECT_TIMEOUT_MS = 10_000;

export type PgDb = NodePgDatabase<typeof schema>;

export interface OpenPostgres {
  readonly pool: pg.Pool;
  readonly db: PgDb;
  /** Waits for the pool's queries to finish and closes its connections. */
  close(): Promise<void>;
}

export interface PostgresOptions {
  /** Connections this process keeps at most (DATABASE_POOL_SIZE). */
  poolSize?: number;
  migrationsFolder?: string;
  /** An idle pooled connection failed (server restart, network): the next query reconnects. */
  onIdleError?: (error: Error) => void;
}

/** Where drizzle's node-postgres migrator keeps its journal. */
const JOURNAL_SCHEMA = 'drizzle';
const JOURNAL_TABLE = '__drizzle_migrations';
/** pg_advisory_lock key of bazaar's migrations: any fixed 64-bit number, the same in every process. */
const MIGRATION_LOCK = 0x62617a61_6172n; // "bazaar"

/** migrations/postgres/ at the package root, both from src/ (tests) and from dist/src/ (built). */
export function defaultPostgresMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'migrations', 'postgres');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new DatabaseOpenError('cannot find the migrations/postgres folder next to the program');
    dir = parent;
  }
}

/** host:port/database of a connection string, never its password (it goes into logs and error lines). */
export function describeConnection(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the DATABASE_URL server';
  }
}

async function checkNotNewer(client: pg.PoolClient, migrationsFolder: string, where: string): Promise<void> {
  const { rows } = await client.query<{ journal: string | null }>('SELECT to_regclass($1) AS journal', [`${JOURNAL_SCHEMA}.${JOURNAL_TABLE}`]);
  if (!rows[0]?.journal) return;
  const known = new Set(readMigrationFiles({ migrationsFolder }).map((m) => m.hash));
  const applied = await client.query<{ hash: string }>(`SELECT hash FROM "${JOURNAL_SCHEMA}"."${JOURNAL_TABLE}"`);
  const unknown = applied.rows.filter((row) => !known.has(row.hash));
  if (unknown.length > 0) {
    throw new DatabaseOpenError(
      `${where} has a newer schema than this version of the bot (${unknown.length} unknown migration(s)). It was left untouched; run the newer version of the bot, or restore a backup.`,
    );
  }
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<OpenPostgres> {
  const migrationsFolder = options.migrationsFolder ?? defaultPostgresMigrationsFolder();
  const where = describeConnection(url);
  // A server that does not answer fails a call in seconds, not after the system's TCP timeout (minutes); the
  // click was acknowledged before, so its answer may come that late. Waiting for a free pooled connection counts too.
  // `pipeline`: a connection sends a query without waiting for the answer to the one before (the store's
  // transactions send BEGIN, and writes nobody waits for, together with what follows them).
  const config: pg.PoolConfig & { pipeline: boolean } = { connectionString: url, max: options.poolSize ?? 10, application_name: 'bazaar', connectionTimeoutMillis: CONNECT_TIMEOUT_MS, pipeline: true };
  const pool = new pg.Pool(config);
  // Without a listener an idle connection's error would end the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    await pool.end();
    throw new DatabaseOpenError(`cannot connect to PostgreSQL at ${where}: ${(error as Error).message}`);
  }
  const db = drizzle(pool, { schema });
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await checkNotNewer(client, migrationsFolder, where);
      // On the locked connection itself: with a pool of one, a second connection would never come.
      await migrate(drizzle(client, { schema }), { migrationsFolder, migrationsSchema: JOURNAL_SCHEMA, migrationsTable: JOURNAL_TABLE });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } catch (error) {
    client.release();
    await pool.end();
    if (error instanceof DatabaseOpenError) throw error;
    throw new DatabaseOpenError(`cannot prepare the PostgreSQL database at ${where}: ${(error as Error).message}`);
  }
  client.release();
  return { pool, db, close: () => pool.end() };
}
