/**
 * The repositories' statements on SQLite (better-sqlite3): each runs at once and answers synchronously;
 * a repository's transaction is better-sqlite3's own (a savepoint inside the store's transaction); a
 * query is prepared once, on the one connection, and runs inside a transaction too. Only the pieces of
 * SQL that differ from PostgreSQL are written here; the statements are the repositories'.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RunResult } from 'better-sqlite3';
import type { BaseSQLiteDatabase, SelectedFields, SQLiteColumn, SQLiteSelect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Dialect } from './dialect.js';
import type { Db } from './database.js';
import type * as schema from './schema.js';
import { tables } from './schema.js';
import { guildOnShardsSqlite } from './shard-filter.js';
import { runSynchronously, withClauses } from './statement-runner.js';
import type { Insert, Select, SelectQuery, Statement, Statements, Update } from './statements.js';

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
};

/** The database or a transaction of it: the same statements run on both. */
type Executor = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

function built(db: Executor, query: SelectQuery): SQLiteSelect {
  const { fields, from } = query;
  const chosen = fields === undefined ? db.select() : query.distinct ? db.selectDistinct(fields as SelectedFields) : db.select(fields as SelectedFields);
  return withClauses<SQLiteSelect>(chosen.from(from as SQLiteTable).$dynamic(), query);
}

/** Each query prepared at its first run and kept while the query is (a repository keeps its hot ones for good). */
class PreparedSelects {
  readonly #prepared = new WeakMap<SelectQuery, ReturnType<SQLiteSelect['prepare']>>();

  constructor(private readonly db: Db) {}

  run(statement: Select): unknown {
    let prepared = this.#prepared.get(statement.query);
    if (prepared === undefined) {
      prepared = built(this.db, statement.query).prepare();
      this.#prepared.set(statement.query, prepared);
    }
    return statement.first ? prepared.get(statement.values) : prepared.all(statement.values);
  }
}

function insert(db: Executor, statement: Insert): unknown {
  const values = db.insert(statement.table as SQLiteTable).values(statement.values as never);
  const { onConflict } = statement;
  const query = onConflict === undefined ? values : onConflict === 'nothing' ? values.onConflictDoNothing() : values.onConflictDoUpdate({ target: onConflict.target as SQLiteColumn, set: onConflict.set as never });
  return statement.returning ? query.returning().all() : query.run().changes;
}

function update(db: Executor, statement: Update): unknown {
  const query = db
    .update(statement.table as SQLiteTable)
    .set(statement.set as never)
    .where(statement.where);
  return statement.returning ? query.returning().all() : query.run().changes;
}

function execute(db: Executor, selects: PreparedSelects, statement: Statement): unknown {
  switch (statement.kind) {
    case 'select':
      return selects.run(statement);
    case 'insert':
      return insert(db, statement);
    case 'update':
      return update(db, statement);
    case 'delete':
      return db
        .delete(statement.table as SQLiteTable)
        .where(statement.where)
        .run().changes;
    case 'transaction':
      return db.transaction((tx) => runSynchronously(statement.body(), (inner) => execute(tx, selects, inner)));
  }
}

/** Runs a repository method's statements on the database, answering its result at once. */
export function sqliteRunner(db: Db): <R>(statements: Statements<R>) => R {
  const selects = new PreparedSelects(db);
  return (statements) => runSynchronously(statements, (statement) => execute(db, selects, statement));
}
