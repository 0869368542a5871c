/**
 * Claiming due rows across processes and machines on PostgreSQL (see ../claim.ts for the contract): the
 * due, free rows are locked with FOR UPDATE SKIP LOCKED and leased in the same statement, so two
 * processes claiming at once take different rows and never the same one; a row that was claimed while
 * this statement waited is re-checked against its new lease and left out.
 */
import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { byDueThenId, dueAndFree, propertyOf, type ClaimColumns, type ClaimRequest } from '../claim.js';

/** Claims up to `limit` due rows of a PostgreSQL table for `owner`, earliest due first. */
export async function claimDuePostgres<TTable extends PgTable>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the table is what matters
  db: PgDatabase<PgQueryResultHKT, any>,
  table: TTable,
  columns: ClaimColumns<PgColumn>,
  request: ClaimRequest,
): Promise<TTable['$inferSelect'][]> {
  const lease = { [propertyOf(table, columns.claimedUntil)]: request.now + request.leaseMs, [propertyOf(table, columns.claimedBy)]: request.owner };
  const plain = table as PgTable;
  const due = db
    .select({ id: columns.id })
    .from(plain)
    .where(dueAndFree(columns, request))
    .orderBy(asc(columns.dueAt), asc(columns.id))
    .limit(request.limit)
    .for('update', { skipLocked: true });
  const rows = (await db
    .update(plain)
    .set(lease as never)
    .where(and(inArray(columns.id, due), dueAndFree(columns, request)) as SQL)
    .returning()) as Record<string, unknown>[];
  return rows.sort(byDueThenId(table, columns)) as TTable['$inferSelect'][];
}
