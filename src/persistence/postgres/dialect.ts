/**
 * The repositories' statements on PostgreSQL: each runs on the executor of the moment (the store's
 * ambient transaction, else the pool) and answers asynchronously; a repository's transaction is its own,
 * or a savepoint of the store's, so a refused insert never spoils the bigger change it is part of. Only
 * the pieces of SQL that differ from SQLite are written here; the statements are the repositories'.
 */
import { inArray, is, sql, type SQL } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { PgTransaction, QueryBuilder, type PgColumn, type PgDatabase, type PgSelect, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Dialect } from '../dialect.js';
import { guildOnShardsPostgres } from '../shard-filter.js';
import { runAsynchronously, withClauses } from '../statement-runner.js';
import type { Insert, Select, SelectQuery, Statement, Statements, Update } from '../statements.js';
import type * as schema from './schema.js';
import { tables } from './schema.js';

/** The pool's database or a transaction on one of its connections (both run the same queries). */
export type PgExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** The executor of this moment's call: asked for at every call, never kept. */
export type Executor = () => PgExecutor;

/** PostgreSQL's SQLSTATE of a failed query (drizzle wraps the driver's error in its own, as `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** unique_violation */
export const UNIQUE_VIOLATION = '23505';

export const postgresDialect: Dialect = {
  tables,
  guildOnShards: guildOnShardsPostgres,
  // Two processes claiming at once take different rows: each skips the rows the other has locked, and a
  // row leased while the statement waited is checked again by the UPDATE's own condition.
  notBeingClaimed: (table, id, where) => inArray(id, new QueryBuilder().select({ id: id as PgColumn }).from(table as PgTable).where(where).for('update', { skipLocked: true })),
  isUniqueViolation: (error) => sqlState(error) === UNIQUE_VIOLATION,
  // count and sum come back as bigint text, avg as numeric text, min and max of a bigint as text: each is
  // cast to what SQLite answers (whole numbers as integers, the average as the same double division).
  integer: (aggregate) => sql<number>`cast(${aggregate} as integer)`.mapWith(Number),
  time: <T extends number | null>(aggregate: SQL<T>) => aggregate.mapWith((value): T => Number(value) as T),
  average: (column) => sql<number>`avg(cast(${column} as double precision))`.mapWith(Number),
  commaList: (value, order) => sql<string | null>`string_agg(${value}, ',' order by ${order})`,
};

function built(db: PgExecutor, query: SelectQuery): PgSelect {
  const { fields, from } = query;
  const chosen = fields === undefined ? db.select() : query.distinct ? db.selectDistinct(fields as SelectedFields) : db.select(fields as SelectedFields);
  return withClauses<PgSelect>(chosen.from(from as PgTable).$dynamic(), query);
}

async function select(db: PgExecutor, statement: Select): Promise<unknown> {
  const rows = await built(db, statement.query).execute(statement.values);
  return statement.first ? rows[0] : rows;
}

async function insert(db: PgExecutor, statement: Insert): Promise<unknown> {
  const values = db.insert(statement.table as PgTable).values(statement.values as never);
  const { onConflict } = statement;
  const query = onConflict === undefined ? values : onConflict === 'nothing' ? values.onConflictDoNothing() : values.onConflictDoUpdate({ target: onConflict.target as PgColumn, set: onConflict.set as never });
  return statement.returning ? await query.returning() : ((await query).rowCount ?? 0);
}

async function update(db: PgExecutor, statement: Update): Promise<unknown> {
  if (statement.query !== undefined) {
    const { table, set, where } = statement.query;
    return (await db.update(table as PgTable).set(set as never).where(where).execute(statement.values)).rowCount ?? 0;
  }
  const query = db
    .update(statement.table as PgTable)
    .set(statement.set as never)
    .where(statement.where);
  return statement.returning ? await query.returning() : ((await query).rowCount ?? 0);
}

async function execute(db: PgExecutor, statement: Statement): Promise<unknown> {
  switch (statement.kind) {
    case 'select':
      return select(db, statement);
    case 'insert':
      return insert(db, statement);
    case 'update':
      return update(db, statement);
    case 'delete':
      return (await db.delete(statement.table as PgTable).where(statement.where).execute(statement.values)).rowCount ?? 0;
    case 'transaction':
      // Inside a transaction, a body that needs no savepoint is simply part of it.
      if (!statement.savepoint && is(db, PgTransaction)) return runAsynchronously(statement.body(), (inner) => execute(db, inner));
      return db.transaction((tx) => runAsynchronously(statement.body(), (inner) => execute(tx, inner)));
  }
}

/** Runs a repository method's statements on the executor of the moment it is called, answering a promise of its result. */
export function postgresRunner(executor: Executor): <R>(statements: Statements<R>) => Promise<R> {
  return (statements) => {
    const db = executor();
    return runAsynchronously(statements, (statement) => execute(db, statement));
  };
}
