/**
 * The repositories' statements on SQLite (better-sqlite3): each runs at once and answers synchronously;
 * a repository's transaction is better-sqlite3's own (a savepoint inside the store's transaction where it
 * asks for one, else simply part of it); a statement is prepared once, on the one connection, and runs
 * inside a transaction too. Only the pieces of SQL that differ from PostgreSQL are written here; the
 * statements are the repositories'.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import type { RunResult } from 'better-sqlite3';
import type { BaseSQLiteDatabase, SelectedFields, SQLiteColumn, SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Dialect } from './dialect.js';
import type { Db, OpenDatabase } from './database.js';
import type * as schema from './schema.js';
import { tables } from './schema.js';
import { guildOnShardsSqlite } from './shard-filter.js';
import { insertPlaceholders, insertShape, insertValues, runSynchronously, withClauses } from './statement-runner.js';
import { StaleVersionError, type Delete, type Insert, type Select, type SelectQuery, type Statement, type Statements, type Update } from './statements.js';

export const sqliteDialect: Dialect = {
  tables,
  guildOnShards: guildOnShardsSqlite,
  // One writer at a time: a claim's UPDATE ... RETURNING cannot meet another claim halfway.
  notBeingClaimed: () => undefined,
  isUniqueViolation: (error) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE',
  // SQLite's aggregates already answer numbers: count and sum as integers, avg as a real.
  integer: (aggregate) => aggregate as SQL<number>,
  time: (aggregate) => aggregate,
  average: (column) => sql<number>`avg(${column})`,
  // group_concat takes no order; winners are few and the reader splits them.
  commaList: (value) => sql<string | null>`group_concat(${value})`,
  jsonRows: (columns, from, where) => sql<string | null>`(select json_group_array(json_array(${sql.join([...columns], sql`, `)})) from ${from} where ${where})`,
};

/** The database or a transaction of it: the same statements run on both. */
type Executor = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

function built(db: Executor, query: SelectQuery): SQLiteSelect {
  const { fields, from } = query;
  const chosen = fields === undefined ? db.select() : query.distinct ? db.selectDistinct(fields as SelectedFields) : db.select(fields as SelectedFields);
  return withClauses<SQLiteSelect>(chosen.from(from as SQLiteTable).$dynamic(), query);
}

/** A statement prepared by drizzle on the one connection: placeholders filled (and encoded) at each run. */
interface PreparedQuery {
  run(values?: Record<string, unknown>): RunResult;
  all(values?: Record<string, unknown>): unknown[];
  get(values?: Record<string, unknown>): unknown;
}

/**
 * Every statement prepared once and kept: a query or a change built once with placeholders (a
 * repository keeps its hot ones for good), and an INSERT by its shape (table, columns, rows, conflict,
 * returning) with its values as placeholders. better-sqlite3 then runs a statement it already has; a
 * move neither builds SQL text nor prepares it again.
 */
class PreparedStatements {
  readonly #built = new WeakMap<object, PreparedQuery>();
  readonly #inserts = new Map<string, { prepared: PreparedQuery; names: string[][] }>();

  constructor(private readonly db: Db) {}

  #once(key: object, build: () => PreparedQuery): PreparedQuery {
    let prepared = this.#built.get(key);
    if (prepared === undefined) {
      prepared = build();
      this.#built.set(key, prepared);
    }
    return prepared;
  }

  select(statement: Select): unknown {
    const prepared = this.#once(statement.query, () => built(this.db, statement.query).prepare() as unknown as PreparedQuery);
    return statement.first ? prepared.get(statement.values) : prepared.all(statement.values);
  }

  insert(db: Executor, statement: Insert): unknown {
    const shape = insertShape(statement);
    if (shape === null) return insertBuilt(db, statement);
    let kept = this.#inserts.get(shape.key);
    if (kept === undefined) {
      const { names, placeholders } = insertPlaceholders(statement.values.length, shape.columns);
      const values = this.db.insert(statement.table as SQLiteTable).values(placeholders as never);
      const query = statement.onConflict === 'nothing' ? values.onConflictDoNothing() : values;
      const prepared = (statement.returning ? query.returning().prepare() : query.prepare()) as unknown as PreparedQuery;
      kept = { prepared, names };
      this.#inserts.set(shape.key, kept);
    }
    const values = insertValues(statement.values, shape.columns, kept.names);
    return statement.returning ? kept.prepared.all(values) : kept.prepared.run(values).changes;
  }

  update(db: Executor, statement: Update): unknown {
    if (statement.query === undefined) return updateBuilt(db, statement);
    const { table, set, where, returning } = statement.query;
    const prepared = this.#once(statement.query, () => {
      const query = this.db.update(table as SQLiteTable).set(set as never).where(where);
      return (returning === true ? query.returning().prepare() : query.prepare()) as unknown as PreparedQuery;
    });
    if (returning === true) return prepared.all(statement.values);
    const changes = prepared.run(statement.values).changes;
    if (statement.exactlyOne === true && changes !== 1) throw new StaleVersionError(getTableName(table));
    return changes;
  }

  remove(db: Executor, statement: Delete): number {
    if (statement.query === undefined) return db.delete(statement.table as SQLiteTable).where(statement.where).run().changes;
    const { table, where } = statement.query;
    return this.#once(statement.query, () => this.db.delete(table as SQLiteTable).where(where).prepare() as unknown as PreparedQuery).run(statement.values).changes;
  }
}

function insertBuilt(db: Executor, statement: Insert): unknown {
  const values = db.insert(statement.table as SQLiteTable).values(statement.values as never);
  const { onConflict } = statement;
  const query = onConflict === undefined ? values : onConflict === 'nothing' ? values.onConflictDoNothing() : values.onConflictDoUpdate({ target: onConflict.target as SQLiteColumn, set: onConflict.set as never });
  return statement.returning ? query.returning().all() : query.run().changes;
}

function updateBuilt(db: Executor, statement: Update): unknown {
  const query = db
    .update(statement.table as SQLiteTable)
    .set(statement.set as never)
    .where(statement.where);
  return statement.returning ? query.returning().all() : query.run().changes;
}

function execute(db: Executor, sqlite: Database.Database, prepared: PreparedStatements, statement: Statement): unknown {
  switch (statement.kind) {
    case 'select':
      return prepared.select(statement);
    case 'insert':
      return prepared.insert(db, statement);
    case 'update':
      return prepared.update(db, statement);
    case 'delete':
      return prepared.remove(db, statement);
    case 'writes':
      if (sqlite.inTransaction) for (const write of statement.writes) execute(db, sqlite, prepared, write);
      else db.transaction((tx) => statement.writes.forEach((write) => execute(tx, sqlite, prepared, write)));
      return undefined;
    case 'transaction':
      // Inside the store's transaction, a body that needs no savepoint is simply part of it.
      if (!statement.savepoint && sqlite.inTransaction) return runSynchronously(statement.body(), (inner) => execute(db, sqlite, prepared, inner));
      return db.transaction((tx) => runSynchronously(statement.body(), (inner) => execute(tx, sqlite, prepared, inner)));
  }
}

/** Runs a repository method's statements on the database, answering its result at once. */
export function sqliteRunner({ db, sqlite }: Pick<OpenDatabase, 'db' | 'sqlite'>): <R>(statements: Statements<R>) => R {
  const prepared = new PreparedStatements(db);
  return (statements) => runSynchronously(statements, (statement) => execute(db, sqlite, prepared, statement));
}
