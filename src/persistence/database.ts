/**
 * Opens the SQLite database: creates its folder, refuses a file that is not a healthy SQLite database
 * or that a newer version of the bot has migrated (never overwriting or migrating down), sets the
 * pragmas, and applies the committed migrations.
 */
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer.js';

export type Db = BetterSQLite3Database<typeof schema>;

export interface OpenDatabase {
  readonly sqlite: Database.Database;
  readonly db: Db;
  close(): void;
}

export class DatabaseOpenError extends Error {
  override readonly name = 'DatabaseOpenError';
}

const SQLITE_HEADER = 'SQLite format 3\u0000';

/** migrations/ sits at the package root, both from src/ (tests) and from dist/src/ (built). */
export function defaultMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new DatabaseOpenError('cannot find the migrations folder next to the program');
    dir = parent;
  }
}

function checkHeader(filePath: string): void {
  if (!fs.existsSync(filePath)) return;
  const size = fs.statSync(filePath).size;
  if (size === 0) return;
  const header = Buffer.alloc(16);
  const fd = fs.openSync(filePath, 'r');
  try {
    fs.readSync(fd, header, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (size < 100 || header.toString('latin1') !== SQLITE_HEADER) {
    throw new DatabaseOpenError(
      `${filePath} is not a SQLite database (corrupt or another file). It was left untouched; restore it from a backup or point DATABASE_PATH elsewhere.`,
    );
  }
}

function checkNotNewer(sqlite: Database.Database, migrationsFolder: string, filePath: string): void {
  const table = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (table === undefined) return;
  const known = new Set(readMigrationFiles({ migrationsFolder }).map((m) => m.hash));
  const applied = sqlite.prepare('SELECT hash FROM __drizzle_migrations').all() as { hash: string }[];
  const unknown = applied.filter((row) => !known.has(row.hash));
  if (unknown.length > 0) {
    throw new DatabaseOpenError(
      `${filePath} has a newer schema than this version of the bot (${unknown.length} unknown migration(s)). It was left untouched; run the newer version of the bot, or restore a backup.`,
    );
  }
}

function appliedMigrations(sqlite: Database.Database): number {
  const table = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  return table === undefined ? 0 : (sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
}

/**
 * drizzle's migrator looks at the applied migrations before it takes the write lock, so two processes
 * starting together on a new file (two shards) can both decide to migrate; the second then fails on a
 * table the first created. When the applied migrations changed meanwhile, it looks again and finds
 * nothing left to do; any other failure stands.
 */
function migrateBesideOthers(sqlite: Database.Database, db: Db, migrationsFolder: string): void {
  for (let attempt = 1; ; attempt++) {
    const before = appliedMigrations(sqlite);
    try {
      migrate(db, { migrationsFolder });
      return;
    } catch (error) {
      if (attempt >= 3 || appliedMigrations(sqlite) === before) throw error;
    }
  }
}

export interface OpenOptions {
  migrationsFolder?: string;
  /**
   * Checkpoint the write-ahead log from a worker thread (sqlite-checkpointer.ts), not in the commits of
   * the bot's connection: the bot's database does; a file opened for a moment (tests, a backup) need not.
   */
  backgroundCheckpoints?: boolean;
}

export function openDatabase(filePath: string, options: OpenOptions = {}): OpenDatabase {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (filePath !== ':memory:') {
    fs.mkdirSync(path.dirname(filePath), { recursive: true });
    checkHeader(filePath);
  }
  let sqlite: Database.Database;
  try {
    sqlite = new Database(filePath);
  } catch (error) {
    throw new DatabaseOpenError(`cannot open ${filePath}: ${(error as Error).message}`);
  }
  try {
    // First: another process on the file (a second shard starting too) is waited for, not an error.
    sqlite.pragma('busy_timeout = 5000');
    const health = sqlite.pragma('quick_check', { simple: true });
    if (health !== 'ok') throw new DatabaseOpenError(`${filePath} is damaged (${String(health)}). It was left untouched; restore it from a backup.`);
    checkNotNewer(sqlite, migrationsFolder, filePath);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    const db = drizzle(sqlite, { schema });
    migrateBesideOthers(sqlite, db, migrationsFolder);
    if (options.backgroundCheckpoints !== true || filePath === ':memory:') return { sqlite, db, close: () => sqlite.close() };
    sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    const checkpointer = startCheckpointer(filePath);
    return {
      sqlite,
      db,
      close: () => {
        checkpointer.stop();
        sqlite.close();
      },
    };
  } catch (error) {
    sqlite.close();
    if (error instanceof DatabaseOpenError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new DatabaseOpenError(`${filePath} is damaged (${code}). It was left untouched; restore it from a backup.`);
    }
    throw error;
  }
}
