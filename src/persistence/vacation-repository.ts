/**
 * Players' vacations, per server (what they mean: src/app/vacation.ts): a row per absence a server's budget
 * was drawn on, kept after it ended, as the days it took count for its year.
 */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Dialect } from './dialect.js';
import type { VacationRow } from './schema.js';
import { all, insert, select, selectFields, type Statements } from './statements.js';

export class VacationRepository {
  constructor(private readonly dialect: Dialect) {}

  /** The player's vacations going on at `now`, on every server (one a server at most). */
  *current(userId: string, now: number): Statements<VacationRow[]> {
    const { vacations } = this.dialect.tables;
    return yield* all(select(vacations, { where: and(eq(vacations.userId, userId), gt(vacations.awayUntil, now), lte(vacations.startedAt, now)) }));
  }

  /** The vacations going on at `now` of some players on a server. */
  *currentOn(guildId: string, userIds: readonly string[], now: number): Statements<VacationRow[]> {
    if (userIds.length === 0) return [];
    const { vacations } = this.dialect.tables;
    return yield* all(select(vacations, { where: and(eq(vacations.guildId, guildId), inArray(vacations.userId, [...userIds]), gt(vacations.awayUntil, now), lte(vacations.startedAt, now)) }));
  }

  /** The days the player's vacations on the server took of the budget of `year`. */
  *daysTaken(guildId: string, userId: string, year: number): Statements<number> {
    const { vacations } = this.dialect.tables;
    const rows = yield* all(
      selectFields({ days: this.dialect.integer(sql`coalesce(sum(${vacations.days}), 0)`) }, vacations, {
        where: and(eq(vacations.guildId, guildId), eq(vacations.userId, userId), eq(vacations.year, year)),
      }),
    );
    return rows[0]?.days ?? 0;
  }

  /** Writes a vacation (a new one, or one changed: its start is its key). */
  *save(row: VacationRow): Statements<void> {
    const { vacations } = this.dialect.tables;
    const change = { year: row.year, pausedUntil: row.pausedUntil, awayUntil: row.awayUntil, days: row.days };
    yield* insert(vacations, [row], { target: [vacations.guildId, vacations.userId, vacations.startedAt], set: change });
  }
}
