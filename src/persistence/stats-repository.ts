/**
 * Finished games' results, for the history and the statistics of a server. Everything is read per guild:
 * a server sees its own games only. An abandoned game keeps the standings it had when it was ended: the
 * history lists it (marked), but wins and places count finished games only (ending a game early must not
 * hand out a win). The aggregates are written by the dialect: the two databases answer them as other types.
 */
import { and, asc, desc, eq, gte, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Dialect } from './dialect.js';
import { all, insert, selectFields, type Statements } from './statements.js';

export interface NewResult {
  readonly seat: number;
  readonly userId: string;
  readonly rank: number;
  readonly left: boolean;
  /** A seat that changed hands: its holder's moves on it and all its moves (see the results table). */
  readonly heldMoves?: number;
  readonly seatMoves?: number;
}

/** A seat's stored result, as every surface of a finished game reads it. */
export interface StoredResult extends NewResult {
  /** A computer seat's level (null: a human's seat, even one a computer played for them). */
  readonly level: string | null;
}

/** A winner of a finished game: who, and a computer seat's level (null for a human). */
export interface Winner {
  readonly userId: string;
  readonly level: string | null;
}

export interface FinishedGame {
  readonly gameId: number;
  readonly kind: string;
  readonly channelId: string;
  readonly finishedAt: number;
  /** The final board's message, when it was posted. */
  readonly boardMessageId: string | null;
  /** The seats ranked first in the stored result, in seat order (none: nobody won, see the rules notes). */
  readonly winners: readonly Winner[];
  readonly players: number;
  /** Ended early with /game abandon: `winners` are the players leading at that moment. */
  readonly abandoned: boolean;
}

/** One seat's result of an ended game, as a server's results are taken away (a CSV file). */
export interface ResultRow {
  readonly gameId: number;
  readonly kind: string;
  readonly channelId: string;
  readonly abandoned: boolean;
  readonly finishedAt: number;
  readonly seat: number;
  readonly userId: string;
  /** The name the seat had at the table. */
  readonly name: string;
  /** The level of the computer player on the seat (null: its human's). */
  readonly level: string | null;
  readonly rank: number;
  readonly left: boolean;
}

export interface PlayerStats {
  readonly userId: string;
  readonly kind: string;
  readonly games: number;
  readonly wins: number;
  readonly averagePlace: number;
}

/** A computer seat's id (`computer:<n>`), as the seats store it. */
const isComputerSeat = (userId: string): boolean => /^computer:[0-9]+$/.test(userId);

export class StatsRepository {
  constructor(private readonly dialect: Dialect) {}

  /** The aggregates of a group of results rows. */
  #aggregates() {
    const { results } = this.dialect.tables;
    return {
      games: this.dialect.integer(sql`count(*)`),
      wins: this.dialect.integer(sql`sum(case when ${results.rank} = 1 then 1 else 0 end)`),
      averagePlace: this.dialect.average(results.rank),
    };
  }

  *record(gameId: number, finishedAt: number, rows: readonly NewResult[]): Statements<void> {
    yield* insert(
      this.dialect.tables.results,
      rows.map((row) => ({ gameId, finishedAt, ...row })),
      'nothing',
    );
  }

  /** A game's stored result, one row per seat in seat order (none for a game without a result). */
  *resultsOf(gameId: number): Statements<StoredResult[]> {
    const { results, seats } = this.dialect.tables;
    const query = selectFields({ seat: results.seat, userId: results.userId, rank: results.rank, left: results.left, computer: seats.computer }, results, {
      innerJoin: { table: seats, on: and(eq(seats.gameId, results.gameId), eq(seats.seat, results.seat)) as SQL },
      where: eq(results.gameId, gameId),
      orderBy: [results.seat],
    });
    const rows = yield* all(query);
    return rows.map(({ computer, ...row }) => ({ ...row, level: isComputerSeat(row.userId) ? computer : null }));
  }

  /** The server's finished (and abandoned) games, newest first; `channelId`: only that channel's (a direct message's). */
  *history(guildId: string, limit: number, channelId?: string): Statements<FinishedGame[]> {
    const { games, results } = this.dialect.tables;
    const finishedAt = this.dialect.time(sql<number>`max(${results.finishedAt})`);
    const query = selectFields(
      {
        gameId: games.id,
        kind: games.kind,
        channelId: games.channelId,
        boardMessageId: games.boardMessageId,
        finishedAt,
        winners: this.dialect.commaList(sql`case when ${results.rank} = 1 then ${results.userId} end`, results.seat),
        players: this.#aggregates().games,
        status: games.status,
      },
      games,
      {
        innerJoin: { table: results, on: eq(results.gameId, games.id) },
        where: and(eq(games.guildId, guildId), channelId === undefined ? undefined : eq(games.channelId, channelId), inArray(games.status, ['finished', 'abandoned'])),
        groupBy: [games.id],
        orderBy: [desc(finishedAt), desc(games.id)],
        limit,
      },
    );
    const rows = yield* all(query);
    const levels = yield* this.#winnerLevels(rows.map((r) => r.gameId));
    return rows.map(({ status, ...r }) => ({
      ...r,
      winners: (r.winners ?? '')
        .split(',')
        .filter((w) => w !== '')
        .map((userId) => ({ userId, level: isComputerSeat(userId) ? (levels.get(`${r.gameId} ${userId}`) ?? null) : null })),
      abandoned: status === 'abandoned',
    }));
  }

  /**
   * The results of the server's ended games, one row per seat, newest game first (by game number), at most
   * `limit` rows: what a server's admins take away as a table (the seats' names and levels with them).
   */
  *resultRows(guildId: string, limit: number): Statements<ResultRow[]> {
    const { games, results, seats } = this.dialect.tables;
    const ended = and(eq(games.guildId, guildId), inArray(games.status, ['finished', 'abandoned']));
    const rows = yield* all(
      selectFields(
        { gameId: games.id, kind: games.kind, status: games.status, channelId: games.channelId, seat: results.seat, userId: results.userId, rank: results.rank, left: results.left, finishedAt: results.finishedAt },
        results,
        { innerJoin: { table: games, on: eq(games.id, results.gameId) }, where: ended, orderBy: [desc(games.id), results.seat], limit },
      ),
    );
    const oldest = rows.at(-1)?.gameId;
    if (oldest === undefined) return [];
    const seatRows = yield* all(
      selectFields({ gameId: seats.gameId, seat: seats.seat, name: seats.displayName, computer: seats.computer }, seats, {
        innerJoin: { table: games, on: eq(games.id, seats.gameId) },
        where: and(ended, gte(games.id, oldest)),
      }),
    );
    const seatOf = new Map(seatRows.map((s) => [`${s.gameId} ${s.seat}`, s]));
    return rows.map(({ status, ...r }) => {
      const seat = seatOf.get(`${r.gameId} ${r.seat}`);
      return { ...r, finishedAt: Number(r.finishedAt), left: Boolean(r.left), abandoned: status === 'abandoned', name: seat?.name ?? r.userId, level: seat?.computer ?? null };
    });
  }

  /** The levels of the computer seats ranked first in these games, by "gameId userId". */
  *#winnerLevels(gameIds: readonly number[]): Statements<Map<string, string | null>> {
    if (gameIds.length === 0) return new Map();
    const { results, seats } = this.dialect.tables;
    const query = selectFields({ gameId: results.gameId, userId: results.userId, computer: seats.computer }, results, {
      innerJoin: { table: seats, on: and(eq(seats.gameId, results.gameId), eq(seats.seat, results.seat)) as SQL },
      where: and(inArray(results.gameId, [...gameIds]), eq(results.rank, 1), like(results.userId, 'computer:%')),
    });
    const rows = yield* all(query);
    return new Map(rows.map((r) => [`${r.gameId} ${r.userId}`, r.computer]));
  }

  /** One player's games, wins and average place per game kind, in this server. */
  *player(guildId: string, userId: string): Statements<PlayerStats[]> {
    const { games, results } = this.dialect.tables;
    const query = selectFields({ userId: results.userId, kind: games.kind, ...this.#aggregates() }, results, {
      innerJoin: { table: games, on: eq(games.id, results.gameId) },
      where: and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(results.userId, userId)),
      groupBy: [results.userId, games.kind],
      orderBy: [games.kind],
    });
    return yield* all(query);
  }

  /** The server's leaderboard: most wins, then the better average place, then more games (a full tie by user id, the same on both stores). */
  *leaderboard(guildId: string, limit: number): Statements<Omit<PlayerStats, 'kind'>[]> {
    const { games, results } = this.dialect.tables;
    const aggregates = this.#aggregates();
    const query = selectFields({ userId: results.userId, ...aggregates }, results, {
      innerJoin: { table: games, on: eq(games.id, results.gameId) },
      where: and(eq(games.guildId, guildId), eq(games.status, 'finished')),
      groupBy: [results.userId],
      orderBy: [desc(aggregates.wins), aggregates.averagePlace, desc(aggregates.games), asc(results.userId)],
      limit,
    });
    return yield* all(query);
  }
}
