/** The register of damaged rows on PostgreSQL: the SQLite register's contract (../damaged-rows.ts), asynchronously. */
import { and, eq } from 'drizzle-orm';
import { damageRow, type DamageReport } from '../damaged-rows.js';
import type { DamagedRowStore } from '../store.js';
import type { Executor } from './executor.js';
import { damagedRows, type DamagedRow } from './schema.js';

export class PostgresDamagedRowRegister implements DamagedRowStore {
  constructor(
    private readonly db: Executor,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the damage; true only the first time this row is recorded (report it then). */
  async record(report: DamageReport): Promise<boolean> {
    const inserted = await this.db()
      .insert(damagedRows)
      .values(damageRow(report, this.now()))
      .onConflictDoNothing();
    return inserted.rowCount === 1;
  }

  async isDamaged(table: string, rowId: string): Promise<boolean> {
    const [row] = await this.db()
      .select({ rowId: damagedRows.rowId })
      .from(damagedRows)
      .where(and(eq(damagedRows.tableName, table), eq(damagedRows.rowId, rowId)));
    return row !== undefined;
  }

  all(): Promise<DamagedRow[]> {
    return this.db().select().from(damagedRows);
  }
}
