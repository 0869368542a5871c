/**
 * The PostgreSQL store, against a real server (the run's throwaway cluster): migrations applied once even
 * when processes start together, a newer schema refused and left untouched, one running game per channel
 * enforced by the database, times read back as numbers, and a schema that mirrors the SQLite one column
 * for column, so one repository can serve both.
 */
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { eq, type Table } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DatabaseOpenError } from '../../../src/persistence/database.js';
import * as sqlite from '../../../src/persistence/schema.js';
import { defaultPostgresMigrationsFolder, openPostgres } from '../../../src/persistence/postgres/database.js';
import * as postgresSchema from '../../../src/persistence/postgres/schema.js';
import { createDatabase, usePostgresDatabase } from '../../support/postgres-database.js';

const postgres = usePostgresDatabase('opener');
const MIGRATIONS = readMigrationFiles({ migrationsFolder: defaultPostgresMigrationsFolder() }).length;

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const publicTables = async (url: string): Promise<string[]> =>
  (await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).map((r) => r.tablename);

const lobby = (channelId: string, status: sqlite.GameStatus = 'lobby') => ({
  guildId: '100000000000000001',
  channelId,
  kind: 'kairo',
  hostUserId: '200000000000000001',
  options: '{}',
  seed: 'seed',
  status,
  createdAt: 1_732_000_000_000,
  updatedAt: 1_732_000_000_000,
});

describe.runIf(postgres.available)('opening the PostgreSQL store', () => {
  it('applies every committed migration to an empty database, and nothing twice when opened again', async () => {
    const first = await openPostgres(postgres.url, { poolSize: 3 });
    expect(first.pool.options.max).toBe(3);
    await first.close();
    const again = await openPostgres(postgres.url);
    await again.close();
    const sqliteTables = Object.values(sqlite as Record<string, unknown>)
      .filter((value): value is SQLiteTable => value instanceof SQLiteTable)
      .map((table) => sqliteTableConfig(table).name)
      .sort();
    expect(await publicTables(postgres.url)).toEqual(sqliteTables);
    const [journal] = await query<{ n: string }>(postgres.url, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    expect(Number(journal?.n)).toBe(MIGRATIONS);
  });

  it('four bot processes starting together (four pools): one migrates, the others wait and find it done', async () => {
    const database = await createDatabase(postgres.adminUrl, 'together');
    try {
      const opened = await Promise.all([1, 2, 3, 4].map(() => openPostgres(database.url, { poolSize: 1 })));
      await Promise.all(opened.map((o) => o.close()));
      const [journal] = await query<{ n: string }>(database.url, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
      expect(Number(journal?.n)).toBe(MIGRATIONS);
    } finally {
      await database.drop();
    }
  });

  it('refuses a database a newer bot has migrated, and leaves it untouched', async () => {
    const database = await createDatabase(postgres.adminUrl, 'newer');
    try {
      await (await openPostgres(database.url)).close();
      await query(database.url, "INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-bot', 1)");
      await query(database.url, 'CREATE TABLE from_the_future (id int)');
      const before = await publicTables(database.url);
      const error = await openPostgres(database.url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseOpenError);
      expect((error as Error).message).toMatch(/has a newer schema than this version of the bot \(1 unknown migration\(s\)\)\. It was left untouched/);
      expect(await publicTables(database.url)).toEqual(before);
      const [journal] = await query<{ n: string }>(database.url, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
      expect(Number(journal?.n)).toBe(MIGRATIONS + 1);
    } finally {
      await database.drop();
    }
  });

  it('an unreachable server is one line with host, port and database, never the password', async () => {
    const error = await openPostgres('postgres://bazaar:hunter2@127.0.0.1:1/bazaar').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseOpenError);
    expect((error as Error).message).toMatch(/^cannot connect to PostgreSQL at 127\.0\.0\.1:1\/bazaar: /);
    expect((error as Error).message).not.toContain('hunter2');
    expect((error as Error).message).not.toContain('\n');
  });

  it('one running game played in a channel: a second lobby there is refused; a finished game does not count', async () => {
    const store = await openPostgres(postgres.url);
    try {
      const { games } = postgresSchema;
      const [first] = await store.db.insert(games).values(lobby('300000000000000001')).returning();
      await expect(store.db.insert(games).values(lobby('300000000000000001', 'active'))).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '23505', constraint: 'games_one_running_in_channel' }),
      });
      await store.db.insert(games).values(lobby('300000000000000002'));
      await store.db.update(games).set({ status: 'finished' }).where(eq(games.id, first!.id));
      const [next] = await store.db.insert(games).values(lobby('300000000000000001', 'active')).returning();
      expect(next?.id).toBeGreaterThan(first!.id);
    } finally {
      await store.close();
    }
  });

  it('reads times (bigint), flags (boolean) and ids back as the SQLite store does', async () => {
    const store = await openPostgres(postgres.url);
    try {
      const { games, actions } = postgresSchema;
      const [game] = await store.db.insert(games).values(lobby('300000000000000009')).returning();
      await store.db.insert(actions).values({ gameId: game!.id, sequence: 1, seat: 0, events: '[]', checkpoint: true, createdAt: 1_732_000_000_123 });
      const [row] = await store.db.select().from(actions).where(eq(actions.gameId, game!.id));
      expect(row).toEqual({ gameId: game!.id, sequence: 1, seat: 0, kind: 'action', action: null, events: '[]', checkpoint: true, createdAt: 1_732_000_000_123 });
      expect(game).toMatchObject({ createdAt: 1_732_000_000_000, version: 0, locale: 'en', reminderLimit: 3 });
    } finally {
      await store.close();
    }
  });
});

/** The SQL text of an index's WHERE (both dialects hold it as a one-chunk sql`...`). */
function whereText(where: unknown): string | undefined {
  const chunks = (where as { queryChunks?: { value?: string[] }[] } | undefined)?.queryChunks;
  return chunks?.map((c) => c.value?.join('') ?? '?').join('');
}

function describeSqlite(table: SQLiteTable) {
  const config = sqliteTableConfig(table);
  return {
    name: config.name,
    columns: config.columns.map((c) => ({ name: c.name, type: c.dataType, notNull: c.notNull, default: c.default, primary: c.primary, enum: c.enumValues })),
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
    indexes: config.indexes.map((i) => ({ name: i.config.name, columns: i.config.columns.map((c) => (c as { name: string }).name), unique: i.config.unique, where: whereText(i.config.where) })),
    foreignKeys: config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return { columns: ref.columns.map((c) => c.name), table: sqliteTableConfig(ref.foreignTable).name, onDelete: fk.onDelete };
    }),
  };
}

function describePg(table: PgTable) {
  const config = pgTableConfig(table);
  return {
    name: config.name,
    columns: config.columns.map((c) => ({ name: c.name, type: c.dataType, notNull: c.notNull, default: c.default, primary: c.primary, enum: c.enumValues })),
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
    indexes: config.indexes.map((i) => ({ name: i.config.name, columns: i.config.columns.map((c) => (c as { name: string }).name), unique: i.config.unique, where: whereText(i.config.where) })),
    foreignKeys: config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return { columns: ref.columns.map((c) => c.name), table: pgTableConfig(ref.foreignTable).name, onDelete: fk.onDelete };
    }),
  };
}

describe('the PostgreSQL schema mirrors the SQLite schema', () => {
  it('same tables, columns (kind, null, default, enum), keys, indexes (partial ones too) and foreign keys', () => {
    const fromSqlite = Object.values(sqlite as Record<string, unknown>)
      .filter((value): value is SQLiteTable => value instanceof SQLiteTable)
      .map(describeSqlite)
      .sort((a, b) => a.name.localeCompare(b.name));
    const fromPg = Object.values(postgresSchema as Record<string, unknown>)
      .filter((value): value is PgTable => value instanceof PgTable)
      .map(describePg)
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(fromPg).toEqual(fromSqlite);
    // One running game per table: per thread, and in the channel itself for a game without a thread.
    expect(fromPg.find((t) => t.name === 'games')?.indexes).toContainEqual({
      name: 'games_one_running_per_thread',
      columns: ['thread_id'],
      unique: true,
      where: "status in ('lobby', 'active') and thread_id is not null",
    });
    expect(fromPg.find((t) => t.name === 'games')?.indexes).toContainEqual({
      name: 'games_one_running_in_channel',
      columns: ['channel_id'],
      unique: true,
      where: expect.stringMatching(/^status in \('lobby', 'active'\) and use_thread = false$/),
    });
  });

  it('rows have the same TypeScript types in both stores', () => {
    expectTypeOf<postgresSchema.GameRow>().toEqualTypeOf<sqlite.GameRow>();
    expectTypeOf<postgresSchema.SeatRow>().toEqualTypeOf<sqlite.SeatRow>();
    expectTypeOf<postgresSchema.ActionRow>().toEqualTypeOf<sqlite.ActionRow>();
    expectTypeOf<postgresSchema.ScheduledJobRow>().toEqualTypeOf<sqlite.ScheduledJobRow>();
    expectTypeOf<postgresSchema.SnapshotRow>().toEqualTypeOf<sqlite.SnapshotRow>();
    expectTypeOf<postgresSchema.ResultRow>().toEqualTypeOf<sqlite.ResultRow>();
    expectTypeOf<postgresSchema.DeliveryRow>().toEqualTypeOf<sqlite.DeliveryRow>();
    expectTypeOf<postgresSchema.DamagedRow>().toEqualTypeOf<sqlite.DamagedRow>();
    expectTypeOf<postgresSchema.PlayerSettingsRow>().toEqualTypeOf<sqlite.PlayerSettingsRow>();
  });

  it('every table the repositories run on reads and writes the same rows in both stores', () => {
    // The repositories are written once over either table set (persistence/dialect.ts): a row read or
    // written must not depend on which one it is.
    type Read<T> = { [K in keyof T]: T[K] extends Table ? T[K]['$inferSelect'] : never };
    type Written<T> = { [K in keyof T]: T[K] extends Table ? T[K]['$inferInsert'] : never };
    expectTypeOf<Read<typeof postgresSchema.tables>>().toEqualTypeOf<Read<typeof sqlite.tables>>();
    expectTypeOf<Written<typeof postgresSchema.tables>>().toEqualTypeOf<Written<typeof sqlite.tables>>();
  });
});
