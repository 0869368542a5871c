/**
 * Games, seats, the action log, snapshots and scheduled jobs on PostgreSQL: the SQLite GameRepository's
 * contract (../game-repository.ts), asynchronously. A change of several statements (createGame,
 * saveState, rescheduleJob) runs in a transaction of its own, or in a savepoint of the store's ambient
 * transaction, so a refused insert never spoils the bigger change it is part of.
 *
 * Concurrency: saveState's `UPDATE ... WHERE version = ?` locks the game's row, so a second writer at the
 * same version waits, then finds the version moved and is refused (stale_version); the log's next
 * sequence is read under that lock. deleteJob is true for exactly one of the callers racing for a job.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { SINGLE_SHARD, type ShardSet } from '../../sharding.js';
import { newGameRow, readAction, RUNNING, type CreateResult, type NewAction, type NewGame, type NewSeat, type SaveResult, type StateUpdate, type StoredAction } from '../game-repository.js';
import type { GameStore } from '../store.js';
import { guildOnShardsPostgres } from '../shard-filter.js';
import { sqlState, UNIQUE_VIOLATION, type Executor } from './executor.js';
import { actions, damagedRows, games, scheduledJobs, seats, snapshots, type GameRow, type ScheduledJobRow, type SeatRow } from './schema.js';

type NewJob = { kind: string; gameId: number; dueAt: number; payload: unknown };

export class PostgresGameRepository implements GameStore {
  constructor(
    private readonly db: Executor,
    private readonly now: () => number = Date.now,
    /** The shards of this process: its start-up check and its jobs are only its own guilds'. */
    private readonly shards: ShardSet = SINGLE_SHARD,
  ) {}

  /** Refused with `channel_busy` when the channel already has a lobby or an active game (the partial unique index). */
  async createGame(input: NewGame, initialSeats: readonly NewSeat[] = []): Promise<CreateResult> {
    const time = this.now();
    try {
      const game = await this.db().transaction(async (tx) => {
        const [row] = await tx
          .insert(games)
          .values(newGameRow(input, time))
          .returning();
        for (const seat of initialSeats) await tx.insert(seats).values({ gameId: row!.id, ...seat });
        return row!;
      });
      return { ok: true, game };
    } catch (error) {
      if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
      const existing = await this.findRunningByChannel(input.channelId);
      if (existing === undefined) throw error;
      return { ok: false, code: 'channel_busy', existing };
    }
  }

  async findById(id: number): Promise<GameRow | undefined> {
    const [row] = await this.db().select().from(games).where(eq(games.id, id));
    return row;
  }

  /** The lobby or active game of a channel, if any. */
  async findRunningByChannel(channelId: string): Promise<GameRow | undefined> {
    const [row] = await this.db()
      .select()
      .from(games)
      .where(and(eq(games.channelId, channelId), inArray(games.status, RUNNING)));
    return row;
  }

  /**
   * The newest ended game played in this channel, or in this thread of it: finished, or abandoned after
   * its start (a lobby that was closed was never played).
   */
  async findLastEnded(channelId: string): Promise<GameRow | undefined> {
    const [row] = await this.db()
      .select()
      .from(games)
      .where(and(or(eq(games.channelId, channelId), eq(games.threadId, channelId)), or(eq(games.status, 'finished'), and(eq(games.status, 'abandoned'), isNotNull(games.state)))))
      .orderBy(desc(games.id))
      .limit(1);
    return row;
  }

  /** The lobby or active game played in a thread, if any. */
  async findRunningByThread(threadId: string): Promise<GameRow | undefined> {
    const [row] = await this.db()
      .select()
      .from(games)
      .where(and(eq(games.threadId, threadId), inArray(games.status, RUNNING)));
    return row;
  }

  /** The running games of this process's guilds. */
  listRunning(): Promise<GameRow[]> {
    return this.db()
      .select()
      .from(games)
      .where(and(inArray(games.status, RUNNING), guildOnShardsPostgres(games.guildId, this.shards)))
      .orderBy(asc(games.id));
  }

  seats(gameId: number): Promise<SeatRow[]> {
    return this.db().select().from(seats).where(eq(seats.gameId, gameId)).orderBy(asc(seats.seat));
  }

  /**
   * Applies a change to a game if and only if it is still at `expectedVersion`: state and/or status,
   * the seat list, and the action log, all in one transaction. The version grows by one.
   */
  saveState(gameId: number, expectedVersion: number, update: StateUpdate, appended: readonly NewAction[] = [], newSeats?: readonly NewSeat[]): Promise<SaveResult> {
    const time = this.now();
    return this.db().transaction(async (tx): Promise<SaveResult> => {
      const changed = await tx
        .update(games)
        .set({ ...update, version: sql`${games.version} + 1`, updatedAt: time })
        .where(and(eq(games.id, gameId), eq(games.version, expectedVersion)));
      if (changed.rowCount !== 1) {
        const [current] = await tx.select({ version: games.version }).from(games).where(eq(games.id, gameId));
        return { ok: false, code: 'stale_version', currentVersion: current?.version ?? null };
      }
      if (newSeats !== undefined) {
        await tx.delete(seats).where(eq(seats.gameId, gameId));
        for (const seat of newSeats) await tx.insert(seats).values({ gameId, ...seat });
      }
      let firstSequence: number | null = null;
      if (appended.length > 0) {
        const [last] = await tx.select({ sequence: actions.sequence }).from(actions).where(eq(actions.gameId, gameId)).orderBy(desc(actions.sequence)).limit(1);
        firstSequence = (last?.sequence ?? 0) + 1;
        await tx.insert(actions).values(
          appended.map((entry, i) => ({
            gameId,
            sequence: firstSequence! + i,
            createdAt: time,
            seat: entry.seat,
            kind: entry.kind,
            action: entry.action === null || entry.action === undefined ? null : JSON.stringify(entry.action),
            events: JSON.stringify(entry.events),
            checkpoint: entry.checkpoint,
          })),
        );
      }
      return { ok: true, version: expectedVersion + 1, updatedAt: time, firstSequence };
    });
  }

  /** The player left (`removed`: the others removed them by vote) at `at`. */
  async markSeatLeft(gameId: number, seat: number, at: number = this.now(), removed = false): Promise<void> {
    await this.db()
      .update(seats)
      .set({ leftAt: at, ...(removed ? { removedAt: at } : {}) })
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
  }

  /** A computer player of `level` plays the seat from now on. */
  async setSeatComputer(gameId: number, seat: number, level: string): Promise<void> {
    await this.db()
      .update(seats)
      .set({ computer: level })
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
  }

  /** The human owner plays the seat again. */
  async reclaimSeat(gameId: number, seat: number): Promise<void> {
    await this.db()
      .update(seats)
      .set({ computer: null, leftAt: null })
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
  }

  /** The board message is presentation, not game state: it does not change the version. */
  async setBoardMessage(gameId: number, messageId: string | null): Promise<void> {
    await this.db().update(games).set({ boardMessageId: messageId }).where(eq(games.id, gameId));
  }

  /** The game's thread was opened (`threadId`), or cannot be (null): it is then played in the channel. */
  async setThread(gameId: number, threadId: string | null): Promise<void> {
    await this.db()
      .update(games)
      .set(threadId === null ? { useThread: false, threadId: null } : { threadId })
      .where(eq(games.id, gameId));
  }

  async updateSettings(gameId: number, settings: Partial<Pick<GameRow, 'reminderIntervalMinutes' | 'reminderLimit' | 'idleAfterMinutes' | 'locale'>>): Promise<void> {
    await this.db()
      .update(games)
      .set({ ...settings, updatedAt: this.now() })
      .where(eq(games.id, gameId));
  }

  /** The whole log, oldest first; a row that cannot be read throws DamagedRowError. */
  async actions(gameId: number): Promise<StoredAction[]> {
    const rows = await this.db().select().from(actions).where(eq(actions.gameId, gameId)).orderBy(asc(actions.sequence));
    return rows.map(readAction);
  }

  async recentActions(gameId: number, limit: number): Promise<StoredAction[]> {
    const rows = await this.db().select().from(actions).where(eq(actions.gameId, gameId)).orderBy(desc(actions.sequence)).limit(limit);
    return rows.reverse().map(readAction);
  }

  /** The log after `sequence`, oldest first. */
  async actionsAfter(gameId: number, sequence: number): Promise<StoredAction[]> {
    const rows = await this.db()
      .select()
      .from(actions)
      .where(and(eq(actions.gameId, gameId), gt(actions.sequence, sequence)))
      .orderBy(asc(actions.sequence));
    return rows.map(readAction);
  }

  /** The newest snapshot of the game's state, if any. */
  async latestSnapshot(gameId: number): Promise<{ sequence: number; state: string } | undefined> {
    const [row] = await this.db().select().from(snapshots).where(eq(snapshots.gameId, gameId)).orderBy(desc(snapshots.sequence)).limit(1);
    return row === undefined ? undefined : { sequence: row.sequence, state: row.state };
  }

  async saveSnapshot(gameId: number, sequence: number, state: string): Promise<void> {
    await this.db().insert(snapshots).values({ gameId, sequence, state, createdAt: this.now() }).onConflictDoNothing();
  }

  async scheduleJob(job: NewJob): Promise<ScheduledJobRow> {
    const [row] = await this.db()
      .insert(scheduledJobs)
      .values({ ...job, payload: JSON.stringify(job.payload), createdAt: this.now() })
      .returning();
    return row!;
  }

  /** Replaces every job of this kind for the game with one new job. */
  rescheduleJob(job: NewJob): Promise<ScheduledJobRow> {
    return this.db().transaction(async (tx) => {
      await tx.delete(scheduledJobs).where(and(eq(scheduledJobs.gameId, job.gameId), eq(scheduledJobs.kind, job.kind)));
      const [row] = await tx
        .insert(scheduledJobs)
        .values({ ...job, payload: JSON.stringify(job.payload), createdAt: this.now() })
        .returning();
      return row!;
    });
  }

  /** Only jobs of games in this process's guilds (no condition when it runs every shard). */
  #ofMyGuilds(): SQL | undefined {
    const mine = guildOnShardsPostgres(games.guildId, this.shards);
    return mine === undefined ? undefined : inArray(scheduledJobs.gameId, this.db().select({ id: games.id }).from(games).where(mine));
  }

  /** Due jobs of this process's guilds, except those found damaged (they stay, set aside, for an operator). */
  dueJobs(now: number): Promise<ScheduledJobRow[]> {
    return this.db()
      .select()
      .from(scheduledJobs)
      .where(
        and(
          lte(scheduledJobs.dueAt, now),
          sql`not exists (select 1 from ${damagedRows} where ${damagedRows.tableName} = 'scheduled_jobs' and ${damagedRows.rowId} = cast(${scheduledJobs.id} as text))`,
          this.#ofMyGuilds(),
        ),
      )
      .orderBy(asc(scheduledJobs.dueAt), asc(scheduledJobs.id));
  }

  jobsOf(gameId: number, kind?: string): Promise<ScheduledJobRow[]> {
    const where = kind === undefined ? eq(scheduledJobs.gameId, gameId) : and(eq(scheduledJobs.gameId, gameId), eq(scheduledJobs.kind, kind));
    return this.db().select().from(scheduledJobs).where(where).orderBy(asc(scheduledJobs.dueAt), asc(scheduledJobs.id));
  }

  /** True when this call removed the job (so exactly one runner acts on it: a racing delete waits for the row, then finds it gone). */
  async deleteJob(id: number): Promise<boolean> {
    const deleted = await this.db().delete(scheduledJobs).where(eq(scheduledJobs.id, id));
    return deleted.rowCount === 1;
  }

  async deleteJobs(gameId: number, kind?: string): Promise<void> {
    const where = kind === undefined ? eq(scheduledJobs.gameId, gameId) : and(eq(scheduledJobs.gameId, gameId), eq(scheduledJobs.kind, kind));
    await this.db().delete(scheduledJobs).where(where);
  }
}
