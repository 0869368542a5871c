/**
 * The register of damaged rows. A row that cannot be read is listed here once, with its table, id, game
 * and channel, so it is reported once and whatever reads it can set it aside; the row itself is never
 * deleted or rewritten (an operator may want to repair it by hand).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from './database.js';
import { damagedRows, type DamagedRow } from './schema.js';

export interface DamageReport {
  readonly table: string;
  readonly rowId: string;
  readonly gameId: number | null;
  readonly channelId: string | null;
  readonly reason: string;
}

/** The damaged_rows row of a report, the same in both dialects (the reason cut to 500 characters). */
export function damageRow(report: DamageReport, foundAt: number) {
  return { tableName: report.table, rowId: report.rowId, gameId: report.gameId, channelId: report.channelId, reason: report.reason.slice(0, 500), foundAt };
}

export class DamagedRowRegister {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the damage; true only the first time this row is recorded (report it then). */
  record(report: DamageReport): boolean {
    const inserted = this.db
      .insert(damagedRows)
      .values(damageRow(report, this.now()))
      .onConflictDoNothing()
      .run();
    return inserted.changes === 1;
  }

  isDamaged(table: string, rowId: string): boolean {
    return this.db.select({ rowId: damagedRows.rowId }).from(damagedRows).where(and(eq(damagedRows.tableName, table), eq(damagedRows.rowId, rowId))).get() !== undefined;
  }

  all(): DamagedRow[] {
    return this.db.select().from(damagedRows).all();
  }
}
