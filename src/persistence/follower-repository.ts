/**
 * Who follows a game without playing it (/game follow): one row per game and user, gone with
 * the game. What a follower hears is the Discord layer's (src/discord/follower-notices.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Dialect } from './dialect.js';
import { all, insert, remove, selectFields, type SelectQuery, type Statements } from './statements.js';

export class FollowerRepository {
  /** Read at every board (who else hears of it): built once with a placeholder, prepared once on SQLite. */
  readonly #ofGame: SelectQuery<{ userId: string }>;

  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number,
  ) {
    const { followers } = dialect.tables;
    this.#ofGame = selectFields({ userId: followers.userId }, followers, { where: eq(followers.gameId, sql.placeholder('gameId')), orderBy: [asc(followers.createdAt), asc(followers.userId)] });
  }

  /** True when the user follows the game now and did not before. */
  *follow(gameId: number, userId: string): Statements<boolean> {
    const { followers } = this.dialect.tables;
    return (yield* insert(followers, [{ gameId, userId, createdAt: this.now() }], 'nothing')) === 1;
  }

  /** True when the user followed the game. */
  *unfollow(gameId: number, userId: string): Statements<boolean> {
    const { followers } = this.dialect.tables;
    return (yield* remove(followers, and(eq(followers.gameId, gameId), eq(followers.userId, userId)))) === 1;
  }

  /** The game's followers, in the order they came. */
  *ofGame(gameId: number): Statements<string[]> {
    const rows = yield* all(this.#ofGame, { gameId });
    return rows.map((r) => r.userId);
  }
}
