/**
 * Games, seats, the action log and scheduled jobs. Every write that changes a game's state goes through
 * `saveState`: one synchronous transaction that checks the version (optimistic lock), writes the state
 * and appends the action log together, so a crash can never separate them.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { SINGLE_SHARD, type ShardSet } from '../sharding.js';
import type { Db } from './database.js';
import { guildOnShardsSqlite } from './shard-filter.js';
import {
  actions,
  damagedRows,
  games,
  snapshots,
  scheduledJobs,
  seats,
  type ActionRow,
  type GameRow,
  type GameStatus,
  type ScheduledJobRow,
  type SeatRow,
} from './schema.js';

export interface NewGame {
  guildId: string;
  channelId: string;
  kind: string;
  hostUserId: string;
  options: unknown;
  seed: string;
  locale: string;
  status?: GameStatus;
  state?: string | null;
  /** Play the game in a thread of the channel. */
  useThread?: boolean;
  /** Reminder and idle settings and the computer level other than the defaults (a rematch keeps its game's). */
  settings?: Partial<Pick<GameRow, 'reminderIntervalMinutes' | 'reminderLimit' | 'idleAfterMinutes' | 'computerLevel'>>;
}

/** The games row of a new game, the same in both dialects. */
export function newGameRow(input: NewGame, time: number) {
  return {
    guildId: input.guildId,
    channelId: input.channelId,
    kind: input.kind,
    hostUserId: input.hostUserId,
    options: JSON.stringify(input.options),
    seed: input.seed,
    locale: input.locale,
    status: input.status ?? ('lobby' as const),
    state: input.state ?? null,
    version: 0,
    useThread: input.useThread ?? false,
    ...input.settings,
    createdAt: time,
    updatedAt: time,
  };
}

export interface NewSeat {
  seat: number;
  userId: string;
  displayName: string;
  /** The computer player's level, for a computer seat. */
  computer?: string | null;
}

export interface NewAction {
  seat: number;
  kind: 'action' | 'undo';
  action: unknown;
  events: unknown;
  checkpoint: boolean;
}

export interface StateUpdate {
  state?: string;
  status?: GameStatus;
}

export type CreateResult = { ok: true; game: GameRow } | { ok: false; code: 'channel_busy'; existing: GameRow };
/** `firstSequence`: the log sequence of the first appended entry (the others follow it), or null. */
export type SaveResult = { ok: true; version: number; updatedAt: number; firstSequence: number | null } | { ok: false; code: 'stale_version'; currentVersion: number | null };

/** A row whose stored JSON cannot be read: the caller sets aside what depends on it. */
export class DamagedRowError extends Error {
  override readonly name = 'DamagedRowError';
  constructor(
    readonly table: string,
    readonly rowId: string,
    readonly reason: string,
  ) {
    super(`${table} row ${rowId} is damaged: ${reason}`);
  }
}

/** An action log row with its JSON read. */
export interface StoredAction {
  readonly sequence: number;
  readonly seat: number;
  readonly kind: 'action' | 'undo';
  readonly action: unknown;
  readonly events: unknown;
  readonly checkpoint: boolean;
}

function parseJson(table: string, rowId: string, column: string, text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DamagedRowError(table, rowId, `${column} is not valid JSON`);
  }
}

export function readAction(row: ActionRow): StoredAction {
  const id = `${row.gameId}/${row.sequence}`;
  if (row.kind !== 'action' && row.kind !== 'undo') throw new DamagedRowError('actions', id, `unknown kind ${String(row.kind)}`);
  if (!Number.isInteger(row.seat) || row.seat < 0) throw new DamagedRowError('actions', id, 'the seat is not a seat number');
  return {
    sequence: row.sequence,
    seat: row.seat,
    kind: row.kind,
    action: parseJson('actions', id, 'action', row.action),
    events: parseJson('actions', id, 'events', row.events),
    checkpoint: Boolean(row.checkpoint),
  };
}

export class InvalidStoredStateError extends Error {
  override readonly name = 'InvalidStoredStateError';
  constructor(
    readonly gameId: number,
    readonly channelId: string,
    reason: string,
  ) {
    super(`game ${gameId} in channel ${channelId} has an invalid stored state: ${reason}`);
  }
}

/**
 * Parses a game's stored state; a damaged state names its game and channel. No query: it works on a row
 * read from either store.
 */
export function parseState<S>(game: GameRow, validate: (raw: unknown) => raw is S): S {
  if (game.state === null) throw new InvalidStoredStateError(game.id, game.channelId, 'no state stored');
  let raw: unknown;
  try {
    raw = JSON.parse(game.state);
  } catch {
    throw new InvalidStoredStateError(game.id, game.channelId, 'the state is not valid JSON');
  }
  if (!validate(raw)) throw new InvalidStoredStateError(game.id, game.channelId, 'the state does not have the shape of a game state');
  return raw;
}

export const RUNNING: GameStatus[] = ['lobby', 'active'];

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The statements of every move, prepared once (a move must not pay for building its SQL again). */
function prepareStatements(db: Db) {
  const id = sql.placeholder('id');
  const gameId = sql.placeholder('gameId');
  return {
    findById: db.select().from(games).where(eq(games.id, id)).prepare(),
    findRunningByChannel: db
      .select()
      .from(games)
      .where(and(eq(games.channelId, sql.placeholder('channelId')), inArray(games.status, RUNNING)))
      .prepare(),
    seats: db.select().from(seats).where(eq(seats.gameId, gameId)).orderBy(asc(seats.seat)).prepare(),
    lastSequence: db.select({ sequence: actions.sequence }).from(actions).where(eq(actions.gameId, gameId)).orderBy(desc(actions.sequence)).limit(1).prepare(),
    recentActions: db.select().from(actions).where(eq(actions.gameId, gameId)).orderBy(desc(actions.sequence)).limit(sql.placeholder('limit')).prepare(),
    actionsAfter: db
      .select()
      .from(actions)
      .where(and(eq(actions.gameId, gameId), gt(actions.sequence, sql.placeholder('after'))))
      .orderBy(asc(actions.sequence))
      .prepare(),
    latestSnapshot: db.select().from(snapshots).where(eq(snapshots.gameId, gameId)).orderBy(desc(snapshots.sequence)).limit(1).prepare(),
    jobsOfKind: db
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.gameId, gameId), eq(scheduledJobs.kind, sql.placeholder('kind'))))
      .orderBy(asc(scheduledJobs.dueAt), asc(scheduledJobs.id))
      .prepare(),
  };
}

export class GameRepository {
  readonly #q: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    /** The shards of this process: its start-up check and its jobs are only its own guilds'. */
    private readonly shards: ShardSet = SINGLE_SHARD,
  ) {
    this.#q = prepareStatements(db);
  }

  /** Refused with `channel_busy` when the channel already has a lobby or an active game. */
  createGame(input: NewGame, initialSeats: readonly NewSeat[] = []): CreateResult {
    const time = this.now();
    try {
      const game = this.db.transaction((tx) => {
        const row = tx
          .insert(games)
          .values(newGameRow(input, time))
          .returning()
          .get();
        for (const seat of initialSeats) tx.insert(seats).values({ gameId: row.id, ...seat }).run();
        return row;
      });
      return { ok: true, game };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = this.findRunningByChannel(input.channelId);
      if (existing === undefined) throw error;
      return { ok: false, code: 'channel_busy', existing };
    }
  }

  findById(id: number): GameRow | undefined {
    return this.#q.findById.get({ id });
  }

  /** The lobby or active game of a channel, if any. */
  findRunningByChannel(channelId: string): GameRow | undefined {
    return this.#q.findRunningByChannel.get({ channelId });
  }

  /** The lobby or active game played in a thread, if any. */
  /**
   * The newest ended game played in this channel, or in this thread of it: finished, or abandoned after
   * its start (a lobby that was closed was never played).
   */
  findLastEnded(channelId: string): GameRow | undefined {
    return this.db
      .select()
      .from(games)
      .where(and(or(eq(games.channelId, channelId), eq(games.threadId, channelId)), or(eq(games.status, 'finished'), and(eq(games.status, 'abandoned'), isNotNull(games.state)))))
      .orderBy(desc(games.id))
      .limit(1)
      .get();
  }

  findRunningByThread(threadId: string): GameRow | undefined {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.threadId, threadId), inArray(games.status, RUNNING)))
      .get();
  }

  /** Every running game, for the start-up sweep and the scheduler. */
  /** The running games of this process's guilds. */
  listRunning(): GameRow[] {
    return this.db.select().from(games).where(and(inArray(games.status, RUNNING), guildOnShardsSqlite(games.guildId, this.shards))).orderBy(asc(games.id)).all();
  }

  /** Parses the stored state (the module function `parseState`, kept here for callers of the repository). */
  parseState<S>(game: GameRow, validate: (raw: unknown) => raw is S): S {
    return parseState(game, validate);
  }

  seats(gameId: number): SeatRow[] {
    return this.#q.seats.all({ gameId });
  }

  /**
   * Applies a change to a game if and only if it is still at `expectedVersion`: state and/or status,
   * the seat list, and the action log, all in one transaction. The version grows by one.
   */
  saveState(
    gameId: number,
    expectedVersion: number,
    update: StateUpdate,
    appended: readonly NewAction[] = [],
    newSeats?: readonly NewSeat[],
  ): SaveResult {
    const time = this.now();
    return this.db.transaction((tx) => {
      const changed = tx
        .update(games)
        .set({ ...update, version: sql`${games.version} + 1`, updatedAt: time })
        .where(and(eq(games.id, gameId), eq(games.version, expectedVersion)))
        .run();
      if (changed.changes !== 1) {
        const current = tx.select({ version: games.version }).from(games).where(eq(games.id, gameId)).get();
        return { ok: false as const, code: 'stale_version' as const, currentVersion: current?.version ?? null };
      }
      if (newSeats !== undefined) {
        tx.delete(seats).where(eq(seats.gameId, gameId)).run();
        for (const seat of newSeats) tx.insert(seats).values({ gameId, ...seat }).run();
      }
      let firstSequence: number | null = null;
      if (appended.length > 0) {
        const last = this.#q.lastSequence.get({ gameId });
        let sequence = (last?.sequence ?? 0) + 1;
        firstSequence = sequence;
        for (const entry of appended) {
          tx.insert(actions)
            .values({
              gameId,
              sequence: sequence++,
              createdAt: time,
              seat: entry.seat,
              kind: entry.kind,
              action: entry.action === null || entry.action === undefined ? null : JSON.stringify(entry.action),
              events: JSON.stringify(entry.events),
              checkpoint: entry.checkpoint,
            })
            .run();
        }
      }
      return { ok: true as const, version: expectedVersion + 1, updatedAt: time, firstSequence };
    });
  }

  /** Marks a seat as gone (left or removed); its place in the log stays. */
  /** The player left (`removed`: the others removed them by vote) at `at`. */
  markSeatLeft(gameId: number, seat: number, at: number = this.now(), removed = false): void {
    this.db
      .update(seats)
      .set({ leftAt: at, ...(removed ? { removedAt: at } : {}) })
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))
      .run();
  }

  /** A computer player of `level` plays the seat from now on. */
  setSeatComputer(gameId: number, seat: number, level: string): void {
    this.db
      .update(seats)
      .set({ computer: level })
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))
      .run();
  }

  /** The human owner plays the seat again. */
  reclaimSeat(gameId: number, seat: number): void {
    this.db
      .update(seats)
      .set({ computer: null, leftAt: null })
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))
      .run();
  }

  /** The board message is presentation, not game state: it does not change the version. */
  setBoardMessage(gameId: number, messageId: string | null): void {
    this.db.update(games).set({ boardMessageId: messageId }).where(eq(games.id, gameId)).run();
  }

  /** The game's thread was opened (`threadId`), or cannot be (null): it is then played in the channel. */
  setThread(gameId: number, threadId: string | null): void {
    this.db
      .update(games)
      .set(threadId === null ? { useThread: false, threadId: null } : { threadId })
      .where(eq(games.id, gameId))
      .run();
  }

  updateSettings(
    gameId: number,
    settings: Partial<Pick<GameRow, 'reminderIntervalMinutes' | 'reminderLimit' | 'idleAfterMinutes' | 'locale'>>,
  ): void {
    this.db
      .update(games)
      .set({ ...settings, updatedAt: this.now() })
      .where(eq(games.id, gameId))
      .run();
  }

  /** The whole log, oldest first; a row that cannot be read throws DamagedRowError. */
  actions(gameId: number): StoredAction[] {
    return this.db.select().from(actions).where(eq(actions.gameId, gameId)).orderBy(asc(actions.sequence)).all().map(readAction);
  }

  recentActions(gameId: number, limit: number): StoredAction[] {
    return this.#q.recentActions.all({ gameId, limit }).reverse().map(readAction);
  }

  /** The log after `sequence`, oldest first. */
  actionsAfter(gameId: number, sequence: number): StoredAction[] {
    return this.#q.actionsAfter.all({ gameId, after: sequence }).map(readAction);
  }

  /** The newest snapshot of the game's state (see the snapshots table), if any. */
  latestSnapshot(gameId: number): { sequence: number; state: string } | undefined {
    const row = this.#q.latestSnapshot.get({ gameId });
    return row === undefined ? undefined : { sequence: row.sequence, state: row.state };
  }

  saveSnapshot(gameId: number, sequence: number, state: string): void {
    this.db.insert(snapshots).values({ gameId, sequence, state, createdAt: this.now() }).onConflictDoNothing().run();
  }

  scheduleJob(job: { kind: string; gameId: number; dueAt: number; payload: unknown }): ScheduledJobRow {
    return this.db
      .insert(scheduledJobs)
      .values({ ...job, payload: JSON.stringify(job.payload), createdAt: this.now() })
      .returning()
      .get();
  }

  /** Replaces every job of this kind for the game with one new job. */
  rescheduleJob(job: { kind: string; gameId: number; dueAt: number; payload: unknown }): ScheduledJobRow {
    return this.db.transaction((tx) => {
      tx.delete(scheduledJobs)
        .where(and(eq(scheduledJobs.gameId, job.gameId), eq(scheduledJobs.kind, job.kind)))
        .run();
      return tx
        .insert(scheduledJobs)
        .values({ ...job, payload: JSON.stringify(job.payload), createdAt: this.now() })
        .returning()
        .get();
    });
  }

  /** Due jobs, except those found damaged (they stay, set aside, for an operator). */
  /** Only jobs of games in this process's guilds (no condition when it runs every shard). */
  #ofMyGuilds(): SQL | undefined {
    const mine = guildOnShardsSqlite(games.guildId, this.shards);
    return mine === undefined ? undefined : inArray(scheduledJobs.gameId, this.db.select({ id: games.id }).from(games).where(mine));
  }

  dueJobs(now: number): ScheduledJobRow[] {
    return this.db
      .select()
      .from(scheduledJobs)
      .where(
        and(
          lte(scheduledJobs.dueAt, now),
          sql`not exists (select 1 from ${damagedRows} where ${damagedRows.tableName} = 'scheduled_jobs' and ${damagedRows.rowId} = cast(${scheduledJobs.id} as text))`,
          this.#ofMyGuilds(),
        ),
      )
      .orderBy(asc(scheduledJobs.dueAt), asc(scheduledJobs.id))
      .all();
  }

  jobsOf(gameId: number, kind?: string): ScheduledJobRow[] {
    if (kind !== undefined) return this.#q.jobsOfKind.all({ gameId, kind });
    const where = kind === undefined ? eq(scheduledJobs.gameId, gameId) : and(eq(scheduledJobs.gameId, gameId), eq(scheduledJobs.kind, kind));
    return this.db.select().from(scheduledJobs).where(where).orderBy(asc(scheduledJobs.dueAt), asc(scheduledJobs.id)).all();
  }

  /** True when this call removed the job (so exactly one runner acts on it). */
  deleteJob(id: number): boolean {
    return this.db.delete(scheduledJobs).where(eq(scheduledJobs.id, id)).run().changes === 1;
  }

  deleteJobs(gameId: number, kind?: string): void {
    const where = kind === undefined ? eq(scheduledJobs.gameId, gameId) : and(eq(scheduledJobs.gameId, gameId), eq(scheduledJobs.kind, kind));
    this.db.delete(scheduledJobs).where(where).run();
  }
}
