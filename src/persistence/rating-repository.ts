/**
 * Skill ratings per server, game and player (the arithmetic is src/skill-rating.ts). Written in
 * the commit that finishes a game; read by /stats; rebuilt from the finished games' results.
 *
 * Several processes may finish games of one server at once (PostgreSQL), and every computer level is a
 * player of many games: a game's players' rows are read with a write lock (an upsert that changes
 * nothing, answering the row as it now is), one by one in a fixed order, so two games sharing a player
 * apply one after the other and never lose an update, and never deadlock.
 */
import { and, asc, desc, eq, isNotNull, like, sql } from 'drizzle-orm';
import { countsForRating, heldSeatsOf, rateAll, ratedWithHolders, splitScope, type PlayerRating, type RatedGame } from '../skill-rating.js';
import type { Dialect } from './dialect.js';
import type { RatingRow } from './schema.js';
import { all, atomic, insert, remove, select, selectFields, update, type Statements } from './statements.js';

/** A rating as stored, for the rebuild's comparison and the operator's output. */
export interface StoredRating extends PlayerRating {
  readonly guildId: string;
  readonly kind: string;
}

export class RatingRepository {
  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number,
  ) {}

  /**
   * The players' rows of a server's game, locked until the transaction ends: a player without one gets
   * one at `initial` (with no games). In the order given (callers sort it: one order for every game).
   */
  *lock(guildId: string, kind: string, playerIds: readonly string[], initial: { mu: number; sigma: number }): Statements<RatingRow[]> {
    const { ratings } = this.dialect.tables;
    const out: RatingRow[] = [];
    for (const playerId of playerIds) {
      const rows = (yield {
        kind: 'insert',
        table: ratings,
        values: [{ guildId, kind, playerId, mu: initial.mu, sigma: initial.sigma, games: 0, updatedAt: this.now() }],
        // Changes nothing; takes the row's lock and answers it as it is now (after any game that held it).
        onConflict: { target: [ratings.guildId, ratings.kind, ratings.playerId], set: { games: sql`${ratings.games}` } },
        returning: true,
      }) as RatingRow[];
      out.push(...rows);
    }
    return out;
  }

  /** Writes the players' new ratings. */
  *save(guildId: string, kind: string, rated: readonly PlayerRating[]): Statements<void> {
    const { ratings } = this.dialect.tables;
    const at = this.now();
    for (const r of rated) {
      const values = { mu: r.mu, sigma: r.sigma, games: r.games, updatedAt: at };
      yield* insert(ratings, [{ guildId, kind, playerId: r.playerId, ...values }], { target: [ratings.guildId, ratings.kind, ratings.playerId], set: values });
    }
  }

  /** A player's ratings in this server, one per game. */
  *ofPlayer(guildId: string, playerId: string): Statements<RatingRow[]> {
    const { ratings } = this.dialect.tables;
    return yield* all(select(ratings, { where: and(eq(ratings.guildId, guildId), eq(ratings.playerId, playerId)), orderBy: [ratings.kind] }));
  }

  /**
   * A server's leaderboard of a game: players with at least `minGames` rated games, by conservative
   * rating (mu - 3 sigma), then more games, then player id (the same order on both databases).
   */
  *leaderboard(guildId: string, kind: string, minGames: number, limit: number): Statements<RatingRow[]> {
    const { ratings } = this.dialect.tables;
    return yield* all(
      select(ratings, {
        where: and(eq(ratings.guildId, guildId), eq(ratings.kind, kind), sql`${ratings.games} >= ${minGames}`),
        orderBy: [desc(sql`${ratings.mu} - 3 * ${ratings.sigma}`), desc(ratings.games), asc(ratings.playerId)],
        limit,
      }),
    );
  }

  /** Every stored rating (of one server, or of all), in a fixed order. */
  *stored(guildId: string | null): Statements<RatingRow[]> {
    const { ratings } = this.dialect.tables;
    return yield* all(select(ratings, { ...(guildId === null ? {} : { where: eq(ratings.guildId, guildId) }), orderBy: [ratings.guildId, ratings.kind, ratings.playerId] }));
  }

  /**
   * The finished games (of one server, or of all) with their seats as the rating sees them, in the order
   * they are rated: by finish time, then game id. Abandoned games are not among them.
   */
  *finishedGames(guildId: string | null): Statements<RatedGame[]> {
    const { games, results, seats, seatHolders } = this.dialect.tables;
    const finished = and(eq(games.status, 'finished'), guildId === null ? undefined : eq(games.guildId, guildId));
    const rows = yield* all(
      selectFields({ gameId: games.id, guildId: games.guildId, kind: games.kind, options: games.options, seat: results.seat, userId: results.userId, rank: results.rank, left: results.left, heldMoves: results.heldMoves, seatMoves: results.seatMoves, finishedAt: results.finishedAt }, results, {
        innerJoin: { table: games, on: eq(games.id, results.gameId) },
        where: finished,
        orderBy: [results.finishedAt, games.id, results.seat],
      }),
    );
    // The levels of the computer seats (a computer seat's level never changes).
    const levels = yield* all(
      selectFields({ gameId: seats.gameId, seat: seats.seat, computer: seats.computer }, seats, {
        innerJoin: { table: games, on: eq(games.id, seats.gameId) },
        where: and(finished, isNotNull(seats.computer), like(seats.userId, 'computer:%')),
      }),
    );
    const levelOf = new Map(levels.map((l) => [`${l.gameId} ${l.seat}`, l.computer]));
    // The earlier holders of seats that changed hands (a substitute from the bench), in the order they held them.
    const earlier = yield* all(
      selectFields({ gameId: seatHolders.gameId, seat: seatHolders.seat, userId: seatHolders.userId }, seatHolders, {
        innerJoin: { table: games, on: eq(games.id, seatHolders.gameId) },
        where: finished,
        orderBy: [seatHolders.gameId, seatHolders.seat, seatHolders.version],
      }),
    );
    const byGame = new Map<number, typeof rows>();
    for (const row of rows) byGame.set(row.gameId, [...(byGame.get(row.gameId) ?? []), row]);
    const out: RatedGame[] = [];
    for (const [gameId, seatRows] of byGame) {
      const first = seatRows[0] as (typeof rows)[number];
      if (!countsForRating(first.options)) continue;
      const rated = seatRows.map((row) => ({ seat: row.seat, userId: row.userId, computer: levelOf.get(`${row.gameId} ${row.seat}`) ?? null, rank: row.rank, left: row.left }));
      // The same rule and the same stored numbers as the rating when the game finished.
      const seatsOf = ratedWithHolders(rated, heldSeatsOf(seatRows, earlier.filter((h) => h.gameId === gameId)));
      out.push({ gameId, guildId: first.guildId, kind: first.kind, seats: seatsOf });
    }
    return out;
  }

  /**
   * Rates every finished game again from its stored results (of one server, or of all) and replaces the
   * stored ratings with the outcome, in one transaction. The stored ratings are locked first, one by one in
   * the order a game locks them (server, game, player), so a game finishing meanwhile (another process,
   * PostgreSQL) either is among the games read here or waits and applies on top of the rebuild, and the
   * two never deadlock.
   */
  *rebuild(guildId: string | null): Statements<{ games: number; ratings: StoredRating[] }> {
    const { ratings } = this.dialect.tables;
    const at = this.now();
    const finishedGames = (guild: string | null): Statements<RatedGame[]> => this.finishedGames(guild);
    const stored = (guild: string | null): Statements<RatingRow[]> => this.stored(guild);
    return yield* atomic(function* () {
      const scope = guildId === null ? undefined : eq(ratings.guildId, guildId);
      // Sorted here, as a game sorts its players (the database's collation may order text otherwise).
      const key = (r: RatingRow): string => `${r.guildId}\u0000${r.kind}\u0000${r.playerId}`;
      const rows = [...(yield* stored(guildId))].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      for (const row of rows) {
        yield* update(ratings, { games: sql`${ratings.games}` }, and(eq(ratings.guildId, row.guildId), eq(ratings.kind, row.kind), eq(ratings.playerId, row.playerId)));
      }
      const finished = yield* finishedGames(guildId);
      const rated: StoredRating[] = [];
      for (const [key, players] of rateAll(finished)) {
        const [guild, kind] = splitScope(key);
        for (const r of players.values()) rated.push({ guildId: guild, kind, ...r });
      }
      yield* remove(ratings, scope);
      for (let i = 0; i < rated.length; i += 200) {
        yield* insert(
          ratings,
          rated.slice(i, i + 200).map((r) => ({ guildId: r.guildId, kind: r.kind, playerId: r.playerId, mu: r.mu, sigma: r.sigma, games: r.games, updatedAt: at })),
        );
      }
      return { games: finished.length, ratings: rated };
    });
  }
}
