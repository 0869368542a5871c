/**
 * The register of damaged rows. A row that cannot be read is listed here once, with its table, id, game
 * and channel, so it is reported once and whatever reads it can set it aside; the row itself is never
 * deleted or rewritten (an operator may want to repair it by hand).
 */
import { and, eq } from 'drizzle-orm';
import type { Dialect } from './dialect.js';
import type { DamagedRow } from './schema.js';
import { all, first, insert, select, selectFields, type Statements } from './statements.js';

export interface DamageReport {
  readonly table: string;
  readonly rowId: string;
  readonly gameId: number | null;
  readonly channelId: string | null;
  readonly reason: string;
}

export class DamagedRowRegister {
  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the damage; true only the first time this row is recorded (report it then). */
  *record(report: DamageReport): Statements<boolean> {
    const row = { tableName: report.table, rowId: report.rowId, gameId: report.gameId, channelId: report.channelId, reason: report.reason.slice(0, 500), foundAt: this.now() };
    return (yield* insert(this.dialect.tables.damagedRows, [row], 'nothing')) === 1;
  }

  *isDamaged(table: string, rowId: string): Statements<boolean> {
    const { damagedRows } = this.dialect.tables;
    return (yield* first(selectFields({ rowId: damagedRows.rowId }, damagedRows, { where: and(eq(damagedRows.tableName, table), eq(damagedRows.rowId, rowId)) }))) !== undefined;
  }

  *all(): Statements<DamagedRow[]> {
    return yield* all(select(this.dialect.tables.damagedRows));
  }
}
