/**
 * Finished games' results on PostgreSQL: the SQLite StatsRepository's contract (../stats-repository.ts),
 * asynchronously. PostgreSQL's aggregates come back as other types than SQLite's (count and sum as
 * bigint text, avg as numeric text, no group_concat), so each is cast to what SQLite answers: whole
 * numbers as integers, the average place as a double (the same division SQLite does).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FinishedGame, NewResult, PlayerStats } from '../stats-repository.js';
import type { StatsStore } from '../store.js';
import type { Executor } from './executor.js';
import { games, results } from './schema.js';

const gameCount = sql<number>`cast(count(*) as integer)`.mapWith(Number);
const winCount = sql<number>`cast(sum(case when ${results.rank} = 1 then 1 else 0 end) as integer)`.mapWith(Number);
const averagePlace = sql<number>`avg(cast(${results.rank} as double precision))`.mapWith(Number);

export class PostgresStatsRepository implements StatsStore {
  constructor(private readonly db: Executor) {}

  async record(gameId: number, finishedAt: number, rows: readonly NewResult[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db()
      .insert(results)
      .values(rows.map((row) => ({ gameId, finishedAt, ...row })))
      .onConflictDoNothing();
  }

  /** The server's finished (and abandoned) games, newest first. */
  async history(guildId: string, limit: number): Promise<FinishedGame[]> {
    const finishedAt = sql<number>`max(${results.finishedAt})`;
    const rows = await this.db()
      .select({
        gameId: games.id,
        kind: games.kind,
        channelId: games.channelId,
        boardMessageId: games.boardMessageId,
        finishedAt: finishedAt.mapWith(Number),
        winners: sql<string | null>`string_agg(case when ${results.rank} = 1 then ${results.userId} end, ',' order by ${results.seat})`,
        players: gameCount,
        status: games.status,
      })
      .from(games)
      .innerJoin(results, eq(results.gameId, games.id))
      .where(and(eq(games.guildId, guildId), inArray(games.status, ['finished', 'abandoned'])))
      .groupBy(games.id)
      .orderBy(desc(finishedAt), desc(games.id))
      .limit(limit);
    return rows.map(({ status, ...r }) => ({ ...r, winners: (r.winners ?? '').split(',').filter((w) => w !== ''), abandoned: status === 'abandoned' }));
  }

  /** One player's games, wins and average place per game kind, in this server. */
  player(guildId: string, userId: string): Promise<PlayerStats[]> {
    return this.db()
      .select({ userId: results.userId, kind: games.kind, games: gameCount, wins: winCount, averagePlace })
      .from(results)
      .innerJoin(games, eq(games.id, results.gameId))
      .where(and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(results.userId, userId)))
      .groupBy(results.userId, games.kind)
      .orderBy(games.kind);
  }

  /** The server's leaderboard: most wins, then the better average place, then more games (a full tie by user id, the same on both stores). */
  leaderboard(guildId: string, limit: number): Promise<Omit<PlayerStats, 'kind'>[]> {
    return this.db()
      .select({ userId: results.userId, games: gameCount, wins: winCount, averagePlace })
      .from(results)
      .innerJoin(games, eq(games.id, results.gameId))
      .where(and(eq(games.guildId, guildId), eq(games.status, 'finished')))
      .groupBy(results.userId)
      .orderBy(desc(winCount), averagePlace, desc(gameCount), asc(results.userId))
      .limit(limit);
  }
}
