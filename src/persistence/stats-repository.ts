/**
 * Finished games' results, for the history and the statistics of a server. Everything is read per guild:
 * a server sees its own games only. An abandoned game keeps the standings it had when it was ended: the
 * history lists it (marked), but wins and places count finished games only (ending a game early must not
 * hand out a win).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { games, results } from './schema.js';

export interface NewResult {
  readonly seat: number;
  readonly userId: string;
  readonly rank: number;
  readonly left: boolean;
}

export interface FinishedGame {
  readonly gameId: number;
  readonly kind: string;
  readonly channelId: string;
  readonly finishedAt: number;
  /** The final board's message, when it was posted. */
  readonly boardMessageId: string | null;
  readonly winners: readonly string[];
  readonly players: number;
  /** Ended early with /game abandon: `winners` are the players leading at that moment. */
  readonly abandoned: boolean;
}

export interface PlayerStats {
  readonly userId: string;
  readonly kind: string;
  readonly games: number;
  readonly wins: number;
  readonly averagePlace: number;
}

export class StatsRepository {
  constructor(private readonly db: Db) {}

  record(gameId: number, finishedAt: number, rows: readonly NewResult[]): void {
    for (const row of rows) this.db.insert(results).values({ gameId, finishedAt, ...row }).onConflictDoNothing().run();
  }

  /** The server's finished (and abandoned) games, newest first. */
  history(guildId: string, limit: number): FinishedGame[] {
    const rows = this.db
      .select({
        gameId: games.id,
        kind: games.kind,
        channelId: games.channelId,
        boardMessageId: games.boardMessageId,
        finishedAt: sql<number>`max(${results.finishedAt})`,
        winners: sql<string>`group_concat(case when ${results.rank} = 1 then ${results.userId} end)`,
        players: sql<number>`count(*)`,
        status: games.status,
      })
      .from(games)
      .innerJoin(results, eq(results.gameId, games.id))
      .where(and(eq(games.guildId, guildId), inArray(games.status, ['finished', 'abandoned'])))
      .groupBy(games.id)
      .orderBy(desc(sql`max(${results.finishedAt})`), desc(games.id))
      .limit(limit)
      .all();
    return rows.map(({ status, ...r }) => ({ ...r, winners: (r.winners ?? '').split(',').filter((w) => w !== ''), abandoned: status === 'abandoned' }));
  }

  /** One player's games, wins and average place per game kind, in this server. */
  player(guildId: string, userId: string): PlayerStats[] {
    return this.db
      .select({
        userId: results.userId,
        kind: games.kind,
        games: sql<number>`count(*)`,
        wins: sql<number>`sum(case when ${results.rank} = 1 then 1 else 0 end)`,
        averagePlace: sql<number>`avg(${results.rank})`,
      })
      .from(results)
      .innerJoin(games, eq(games.id, results.gameId))
      .where(and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(results.userId, userId)))
      .groupBy(games.kind)
      .orderBy(games.kind)
      .all();
  }

  /** The server's leaderboard: most wins, then the better average place, then more games (a full tie by user id, the same on both stores). */
  leaderboard(guildId: string, limit: number): Omit<PlayerStats, 'kind'>[] {
    return this.db
      .select({
        userId: results.userId,
        games: sql<number>`count(*)`,
        wins: sql<number>`sum(case when ${results.rank} = 1 then 1 else 0 end)`,
        averagePlace: sql<number>`avg(${results.rank})`,
      })
      .from(results)
      .innerJoin(games, eq(games.id, results.gameId))
      .where(and(eq(games.guildId, guildId), eq(games.status, 'finished')))
      .groupBy(results.userId)
      .orderBy(desc(sql`sum(case when ${results.rank} = 1 then 1 else 0 end)`), sql`avg(${results.rank})`, desc(sql`count(*)`), asc(results.userId))
      .limit(limit)
      .all();
  }
}
