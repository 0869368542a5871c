/**
 * What the repositories need to know of the database they run on, besides how its statements run
 * (statements.ts): its tables, and the few pieces of SQL that the two databases write differently. Each
 * dialect answers it once: sqlite-dialect.ts, postgres/dialect.ts.
 */
import type { Column, SQL, SQLWrapper, Table } from 'drizzle-orm';
import type { ShardSet } from '../sharding.js';
import type * as postgres from './postgres/schema.js';
import type * as sqlite from './schema.js';

/** Either database's tables: the same names, columns and row types (a test compares the two schemas). */
export type Tables = typeof sqlite.tables | typeof postgres.tables;

export interface Dialect {
  readonly tables: Tables;
  /** "The row's guild is one of this process's shards"; undefined when the process runs every shard. */
  guildOnShards(guildId: SQLWrapper, shards: ShardSet): SQL | undefined;
  /**
   * The rows `where` selects that no other process is claiming right now, as a condition on `id`, for a
   * claim's UPDATE. PostgreSQL locks them (FOR UPDATE SKIP LOCKED); SQLite needs none, as it has one
   * writer at a time.
   */
  notBeingClaimed(table: Table, id: Column, where: SQL): SQL | undefined;
  /** The error is a unique key's refusal of a row. */
  isUniqueViolation(error: unknown): boolean;
  /** A count or a sum, as a number. */
  integer(aggregate: SQL): SQL<number>;
  /** min() or max() of a time column, as a number (or null over no rows). */
  time<T extends number | null>(aggregate: SQL<T>): SQL<T>;
  /** The average of a whole-number column, as a fraction. */
  average(column: Column): SQL<number>;
  /** The group's values of `value` joined by commas (null when all are null), in `order` where the database can keep one. */
  commaList(value: SQL, order: Column): SQL<string | null>;
  /**
   * The rows of `from` that `where` selects (it may name the outer query's columns), as JSON text: an array
   * of one array per row, holding `columns` in their order (null when there are none). In no given order.
   */
  jsonRows(columns: readonly Column[], from: Table, where: SQL): SQL<string | null>;
}
