/**
 * Claiming due rows across processes (jobs, deliveries): whoever claims a row holds it for a lease and
 * is the only one to run it; a row whose lease ran out (its holder died) can be claimed again.
 *
 * SQLite: one UPDATE ... WHERE id IN (due and free) ... RETURNING inside an IMMEDIATE transaction, so the
 * write lock is taken before the rows are read (a second process waits on busy_timeout, then finds them
 * claimed). PostgreSQL: postgres/claim.ts, with FOR UPDATE SKIP LOCKED.
 */
import { and, asc, getTableColumns, inArray, isNull, lt, lte, or, type Column, type SQL, type Table } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

export interface ClaimRequest {
  /** Rows due at or before this moment (Unix ms) whose lease ran out before it. */
  readonly now: number;
  /** At most this many rows, earliest due first. */
  readonly limit: number;
  /** How long the claim holds (Unix ms from `now`). */
  readonly leaseMs: number;
  /** Who claims (kept in the row: a restarted process of the same name can take back its own). */
  readonly owner: string;
  /** A further condition, e.g. status = 'pending' or the guilds of this process's shards. */
  readonly where?: SQL;
}

/** The columns that make a table claimable: its id, when a row is due, and the lease. */
export interface ClaimColumns<TColumn extends Column = Column> {
  readonly id: TColumn;
  readonly dueAt: TColumn;
  readonly claimedUntil: TColumn;
  readonly claimedBy: TColumn;
}

/** The property name of a column in its table (what drizzle's .set() takes). */
export function propertyOf(table: Table, column: Column): string {
  const entry = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!entry) throw new Error(`column ${column.name} is not a column of the table it is claimed from`);
  return entry[0];
}

/** The rows' shared condition: due, and not held by a live lease. */
export function dueAndFree(columns: ClaimColumns, request: ClaimRequest): SQL {
  const free = or(isNull(columns.claimedUntil), lt(columns.claimedUntil, request.now)) as SQL;
  return and(lte(columns.dueAt, request.now), free, request.where) as SQL;
}

export function byDueThenId<T extends Record<string, unknown>>(table: Table, columns: ClaimColumns): (a: T, b: T) => number {
  const due = propertyOf(table, columns.dueAt);
  const id = propertyOf(table, columns.id);
  return (a, b) => (a[due] as number) - (b[due] as number) || (a[id] as number) - (b[id] as number);
}

/** Claims up to `limit` due rows of a SQLite table for `owner`; no other process gets them until the lease ends. */
export function claimDueSqlite<TTable extends SQLiteTable>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the table is what matters
  db: BetterSQLite3Database<any>,
  table: TTable,
  columns: ClaimColumns<SQLiteColumn>,
  request: ClaimRequest,
): TTable['$inferSelect'][] {
  const lease = { [propertyOf(table, columns.claimedUntil)]: request.now + request.leaseMs, [propertyOf(table, columns.claimedBy)]: request.owner };
  const plain = table as SQLiteTable;
  const rows = db.transaction(
    (tx) => {
      const due = tx.select({ id: columns.id }).from(plain).where(dueAndFree(columns, request)).orderBy(asc(columns.dueAt), asc(columns.id)).limit(request.limit);
      return tx
        .update(plain)
        .set(lease as never)
        .where(and(inArray(columns.id, due), dueAndFree(columns, request)))
        .returning()
        .all() as Record<string, unknown>[];
    },
    { behavior: 'immediate' },
  );
  return rows.sort(byDueThenId(table, columns)) as TTable['$inferSelect'][];
}
