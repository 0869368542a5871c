import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError, defaultMigrationsFolder, openDatabase } from '../../src/persistence/database.js';
import { tempDir } from './helpers.js';

const dir = tempDir('db');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('opening the database', () => {
  it('creates the folder and applies every committed migration to a fresh file', () => {
    const file = path.join(dir, 'nested', 'folder', 'fresh.db');
    const opened = openDatabase(file);
    const tables = opened.sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => (row as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(['actions', 'games', 'scheduled_jobs', 'seats', '__drizzle_migrations']));
    const applied = opened.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
    expect(applied.n).toBe(readMigrationFiles({ migrationsFolder: defaultMigrationsFolder() }).length);
    expect(opened.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(opened.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(opened.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    opened.close();
  });

  it('opens an already migrated file again without applying anything twice', () => {
    const file = path.join(dir, 'twice.db');
    openDatabase(file).close();
    const again = openDatabase(file);
    const applied = again.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
    expect(applied.n).toBe(readMigrationFiles({ migrationsFolder: defaultMigrationsFolder() }).length);
    again.close();
  });

  it('refuses a corrupt file with a clear error and leaves it untouched', () => {
    const file = path.join(dir, 'corrupt.db');
    const garbage = Buffer.from('this is not a database at all, just some bytes '.repeat(20));
    fs.writeFileSync(file, garbage);
    expect(() => openDatabase(file)).toThrow(DatabaseOpenError);
    expect(() => openDatabase(file)).toThrow(/not a SQLite database.*left untouched/);
    expect(fs.readFileSync(file)).toEqual(garbage);
  });

  it('refuses a SQLite file whose pages are damaged and leaves it untouched', () => {
    const file = path.join(dir, 'damaged.db');
    openDatabase(file).close();
    const bytes = fs.readFileSync(file);
    // Keep the header, wreck the schema page.
    bytes.fill(0xff, 100, 4096);
    fs.writeFileSync(file, bytes);
    expect(() => openDatabase(file)).toThrow(DatabaseOpenError);
    expect(fs.readFileSync(file)).toEqual(bytes);
  });

  it('refuses a database migrated by a newer version and never migrates it down', () => {
    const file = path.join(dir, 'newer.db');
    openDatabase(file).close();
    const raw = new Database(file);
    raw.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('f'.repeat(64), 9_999_999_999_999);
    raw.close();
    const before = fs.readFileSync(file);
    expect(() => openDatabase(file)).toThrow(/newer schema than this version/);
    expect(fs.readFileSync(file)).toEqual(before);
  });
});
