/**
 * Finished games' analyses (what they hold: src/app/analysis/stored.ts): a row per game, written turn by
 * turn as the AI pool reviews them, so the work owed survives a restart.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ShardSet } from '../sharding.js';
import type { Dialect } from './dialect.js';
import type { GameAnalysisRow } from './schema.js';
import { all, first, insert, select, selectFields, update, type Statements } from './statements.js';

export class AnalysisRepository {
  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number,
    /** The shards this process runs: it analyses only its own guilds' games. */
    private readonly shards: ShardSet,
  ) {}

  *find(gameId: number): Statements<GameAnalysisRow | undefined> {
    const { gameAnalyses } = this.dialect.tables;
    return yield* first(select(gameAnalyses, { where: eq(gameAnalyses.gameId, gameId) }));
  }

  /** The analysis of a game begun (none reviewed yet), unless it was begun before. */
  *begin(gameId: number, turns: number): Statements<void> {
    const { gameAnalyses } = this.dialect.tables;
    yield* insert(gameAnalyses, [{ gameId, status: 'pending', turns, reviewed: '[]', reason: null, updatedAt: this.now() }], 'nothing');
  }

  /** The turns reviewed so far (JSON text); `done` once they are all. */
  *saveReviewed(gameId: number, reviewed: string, done: boolean): Statements<void> {
    const { gameAnalyses } = this.dialect.tables;
    yield* update(gameAnalyses, { reviewed, status: done ? 'done' : 'pending', updatedAt: this.now() }, and(eq(gameAnalyses.gameId, gameId), eq(gameAnalyses.status, 'pending')));
  }

  /** An analysis that cannot be done is set aside with its reason (a row begun or not). */
  *setAside(gameId: number, reason: string): Statements<void> {
    const { gameAnalyses } = this.dialect.tables;
    const change = { status: 'set_aside' as const, reason: reason.slice(0, 500), updatedAt: this.now() };
    yield* insert(gameAnalyses, [{ gameId, turns: 0, reviewed: '[]', ...change }], { target: gameAnalyses.gameId, set: change });
  }

  /** Finished games of these kinds of this process's guilds whose analysis is owed (none begun, or one not done), oldest first. */
  *owed(kinds: readonly string[], limit: number): Statements<number[]> {
    if (kinds.length === 0) return [];
    const { games, gameAnalyses } = this.dialect.tables;
    const rows = yield* all(
      selectFields({ id: games.id }, games, {
        where: and(
          eq(games.status, 'finished'),
          inArray(games.kind, [...kinds]),
          this.dialect.guildOnShards(games.guildId, this.shards),
          sql`not exists (select 1 from ${gameAnalyses} where ${gameAnalyses.gameId} = ${games.id} and ${gameAnalyses.status} <> 'pending')`,
        ),
        orderBy: [asc(games.id)],
        limit,
      }),
    );
    return rows.map((row) => row.id);
  }
}
