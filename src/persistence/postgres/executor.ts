/**
 * What a PostgreSQL repository runs its queries on: the store's ambient transaction when the call is made
 * inside `store.transaction(...)`, else the pool (each statement then commits on its own). A repository
 * asks for it at every call, never keeps one.
 */
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/** The pool's database or a transaction on one of its connections (both run the same queries). */
export type PgExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** The executor of this moment's call. */
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
