/**
 * Games, seats, the action log, snapshots and scheduled jobs. Every write that changes a game's state
 * goes through `saveState` or, for a move, `saveMove`: one transaction that checks the version (optimistic
 * lock), writes the state and appends the action log together, so a crash can never separate them. A
 * change of several statements runs in a transaction of its own, or inside the store's ambient
 * transaction: createGame in a savepoint of it, so the refused insert it catches never spoils the bigger
 * change it is part of; saveState, saveMove and rescheduleJob simply as part of it (they catch nothing,
 * which saves a savepoint's two statements).
 *
 * Concurrency on PostgreSQL: saveState's `UPDATE ... WHERE version = ?` locks the game's row, so a second
 * writer at the same version waits, then finds the version moved and is refused (stale_version); the
 * log's next sequence is read under that lock. saveMove's UPDATE is the same check sent without waiting
 * for its answer: a second writer's fails on the server, and its whole transaction with it. deleteJob is
 * true for exactly one of the callers racing for a job (a racing delete waits for the row, then finds it
 * gone).
 */
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import { SINGLE_SHARD, type ShardSet } from '../sharding.js';
import type { Dialect, Tables } from './dialect.js';
import type { ActionRow, GameRow, GameStatus, ScheduledJobRow, SeatHolderRow, SeatRow } from './schema.js';
import { all, atomic, deleteQuery, deletingWith, first, type SelectQuery, insert, insertReturning, insertUnanswered, inserting, remove, removeWithUnanswered, select, selectFields, together, transaction, update, updateChecked, updateQuery, updateWith, type Statements, type UpdateQuery } from './statements.js';

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

/** The games row of a new game. */
function newGameRow(input: NewGame, time: number) {
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
/** A saved move (saveMove): its new version and time, the first appended entry's sequence (or null). */
export interface SavedMove {
  readonly version: number;
  readonly updatedAt: number;
  readonly firstSequence: number | null;
}

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

/** Parses a game's stored state; a damaged state names its game and channel. */
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

export interface NewJob {
  readonly kind: string;
  readonly gameId: number;
  readonly dueAt: number;
  readonly payload: unknown;
}

/** The queries of every move, built once with placeholders: SQLite prepares each once (a move must not pay for building its SQL again). */
function movesQueries({ games, seats, actions, snapshots, scheduledJobs }: Tables) {
  const gameId = sql.placeholder('gameId');
  const jobsInOrder = [asc(scheduledJobs.dueAt), asc(scheduledJobs.id)];
  return {
    findById: select(games, { where: eq(games.id, sql.placeholder('id')) }),
    // At every click on a game's component (is it clicked where the game is shown?).
    placeOf: selectFields({ channelId: games.channelId, threadId: games.threadId }, games, { where: eq(games.id, sql.placeholder('id')) }),
    findRunningByChannel: select(games, { where: and(eq(games.channelId, sql.placeholder('channelId')), inArray(games.status, RUNNING)), orderBy: [asc(games.id)] }),
    seats: select(seats, { where: eq(seats.gameId, gameId), orderBy: [asc(seats.seat)] }),
    lastSequence: selectFields({ sequence: actions.sequence }, actions, { where: eq(actions.gameId, gameId), orderBy: [desc(actions.sequence)], limit: 1 }),
    recentActions: select(actions, { where: eq(actions.gameId, gameId), orderBy: [desc(actions.sequence)], limit: sql.placeholder('limit') }),
    actionsAfter: select(actions, { where: and(eq(actions.gameId, gameId), gt(actions.sequence, sql.placeholder('after'))), orderBy: [asc(actions.sequence)] }),
    latestSnapshot: select(snapshots, { where: eq(snapshots.gameId, gameId), orderBy: [desc(snapshots.sequence)], limit: 1 }),
    latestSnapshotSequence: selectFields({ sequence: snapshots.sequence }, snapshots, { where: eq(snapshots.gameId, gameId), orderBy: [desc(snapshots.sequence)], limit: 1 }),
    jobsOf: select(scheduledJobs, { where: eq(scheduledJobs.gameId, gameId), orderBy: jobsInOrder }),
    jobsOfKind: select(scheduledJobs, { where: and(eq(scheduledJobs.gameId, gameId), eq(scheduledJobs.kind, sql.placeholder('kind'))), orderBy: jobsInOrder }),
    deleteJobs: deleteQuery(scheduledJobs, eq(scheduledJobs.gameId, gameId)),
    deleteSeats: deleteQuery(seats, eq(seats.gameId, gameId)),
    deleteJobsOfKind: deleteQuery(scheduledJobs, and(eq(scheduledJobs.gameId, gameId), eq(scheduledJobs.kind, sql.placeholder('kind')))),
    // At every board posted (not a move's, but as often).
    setBoardMessage: updateQuery(games, { boardMessageId: sql.placeholder('messageId') }, eq(games.id, gameId)),
  };
}

/** saveState's UPDATE for the columns it changes (`keys`): the version check, the new version and time. */
function saveUpdate({ games }: Tables, keys: readonly (keyof StateUpdate)[]) {
  const set: Record<string, unknown> = {};
  for (const key of keys) set[key] = sql.placeholder(key);
  return updateQuery(games, { ...set, version: sql`${games.version} + 1`, updatedAt: sql.placeholder('updatedAt') }, and(eq(games.id, sql.placeholder('gameId')), eq(games.version, sql.placeholder('expectedVersion'))));
}

/** A played game as /game replay lists it. */
export interface PlayedGame {
  readonly id: number;
  readonly kind: string;
  readonly status: GameStatus;
  readonly updatedAt: number;
}

export class GameRepository {
  readonly #moves: ReturnType<typeof movesQueries>;
  /** A game's row with its seats, in one read (the seats as JSON: seatsOf). */
  readonly #withSeats: SelectQuery<GameRow & { seatRows: string | null }>;
  /** The seats' columns, in the order the JSON of #withSeats holds them. */
  readonly #seatColumns: [string, Column][];
  /** saveState's UPDATE by the columns it changes (a handful of combinations). */
  readonly #saveUpdates = new Map<string, UpdateQuery>();

  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
    /** The shards of this process: its start-up check and its jobs are only its own guilds'. */
    private readonly shards: ShardSet = SINGLE_SHARD,
  ) {
    this.#moves = movesQueries(dialect.tables);
    const { games, seats } = dialect.tables;
    this.#seatColumns = Object.entries(getTableColumns(seats));
    const seatRows = dialect.jsonRows(this.#seatColumns.map(([, column]) => column), seats, eq(seats.gameId, games.id));
    this.#withSeats = selectFields({ ...getTableColumns(games), seatRows }, games, { where: eq(games.id, sql.placeholder('id')) }) as SelectQuery<GameRow & { seatRows: string | null }>;
  }

  /**
   * Refused with `channel_busy` when the game is to be played in the channel itself (no thread) and the
   * channel already has a lobby or an active game played there (the partial unique indexes).
   */
  *createGame(input: NewGame, initialSeats: readonly NewSeat[] = []): Statements<CreateResult> {
    const { games, seats } = this.dialect.tables;
    const row = newGameRow(input, this.now());
    try {
      const game = yield* transaction(function* () {
        const created = yield* insertReturning(games, row);
        yield* insert(
          seats,
          initialSeats.map((seat) => ({ gameId: created.id, ...seat })),
        );
        return created;
      });
      return { ok: true, game };
    } catch (error) {
      if (!this.dialect.isUniqueViolation(error)) throw error;
      const existing = yield* this.findPlayedInChannel(input.channelId);
      if (existing === undefined) throw error;
      return { ok: false, code: 'channel_busy', existing };
    }
  }

  *findById(id: number): Statements<GameRow | undefined> {
    return yield* first(this.#moves.findById, { id });
  }

  /** The game's row and its seats (in seat order), in one read. */
  *findWithSeats(id: number): Statements<{ row: GameRow; seats: SeatRow[] } | undefined> {
    const found = yield* first(this.#withSeats, { id });
    if (found === undefined) return undefined;
    const { seatRows, ...row } = found;
    const columns = this.#seatColumns;
    const seats = (seatRows === null ? [] : (JSON.parse(seatRows) as unknown[][])).map(
      (values) => Object.fromEntries(columns.map(([key, column], i) => [key, values[i] === null || values[i] === undefined ? null : column.mapFromDriverValue(values[i])])) as SeatRow,
    );
    return { row, seats: seats.sort((a, b) => a.seat - b.seat) };
  }

  /** Where the game is shown: its channel and its thread (null: none), without its state. */
  *placeOf(id: number): Statements<{ channelId: string; threadId: string | null } | undefined> {
    return yield* first(this.#moves.placeOf, { id });
  }

  /** A lobby or active game of a channel (the oldest, when it has several), if any. */
  *findRunningByChannel(channelId: string): Statements<GameRow | undefined> {
    return yield* first(this.#moves.findRunningByChannel, { channelId });
  }

  /** Every lobby and active game of a channel (in their threads or in the channel itself), oldest first. */
  *listRunningInChannel(channelId: string): Statements<GameRow[]> {
    return yield* all(this.#moves.findRunningByChannel, { channelId });
  }

  /** Every lobby and active game of a server, oldest first. */
  *listRunningInGuild(guildId: string): Statements<GameRow[]> {
    const { games } = this.dialect.tables;
    return yield* all(select(games, { where: and(eq(games.guildId, guildId), inArray(games.status, RUNNING)), orderBy: [asc(games.id)] }));
  }

  /** The lobby or active game played in the channel itself (not in a thread), if any: the channel's one such table. */
  *findPlayedInChannel(channelId: string): Statements<GameRow | undefined> {
    const { games } = this.dialect.tables;
    return yield* first(select(games, { where: and(eq(games.channelId, channelId), inArray(games.status, RUNNING), eq(games.useThread, false)) }));
  }

  /** The active games of a server (null: of every server) in which the user still holds a seat (not left), oldest first. */
  *activeWithPlayer(guildId: string | null, userId: string): Statements<GameRow[]> {
    const { games, seats } = this.dialect.tables;
    const rows = yield* all(
      selectFields({ id: games.id }, games, {
        innerJoin: { table: seats, on: and(eq(seats.gameId, games.id), eq(seats.userId, userId), isNull(seats.leftAt)) as SQL },
        where: guildId === null ? eq(games.status, 'active') : and(eq(games.guildId, guildId), eq(games.status, 'active')),
        orderBy: [asc(games.id)],
      }),
    );
    const found: GameRow[] = [];
    for (const { id } of rows) {
      const row = yield* this.findById(id);
      if (row !== undefined) found.push(row);
    }
    return found;
  }

  /**
   * The newest ended game played in this channel, or in this thread of it: finished, or abandoned after
   * its start (a lobby that was closed was never played).
   */
  *findLastEnded(channelId: string): Statements<GameRow | undefined> {
    const { games } = this.dialect.tables;
    const ended = or(eq(games.status, 'finished'), and(eq(games.status, 'abandoned'), isNotNull(games.state)));
    return yield* first(select(games, { where: and(or(eq(games.channelId, channelId), eq(games.threadId, channelId)), ended), orderBy: [desc(games.id)], limit: 1 }));
  }

  /** The lobby or active game played in a thread, if any. */
  *findRunningByThread(threadId: string): Statements<GameRow | undefined> {
    const { games } = this.dialect.tables;
    return yield* first(select(games, { where: and(eq(games.threadId, threadId), inArray(games.status, RUNNING)) }));
  }

  /** The running games of this process's guilds, for the start-up sweep and the scheduler. */
  *listRunning(): Statements<GameRow[]> {
    const { games } = this.dialect.tables;
    return yield* all(select(games, { where: and(inArray(games.status, RUNNING), this.dialect.guildOnShards(games.guildId, this.shards)), orderBy: [asc(games.id)] }));
  }

  /** How many lobbies and active games this process's guilds have (the operator's metrics). */
  *runningCounts(): Statements<{ lobby: number; active: number }> {
    const { games } = this.dialect.tables;
    const rows = yield* all(
      selectFields({ status: games.status, count: this.dialect.integer(sql`count(*)`) }, games, {
        where: and(inArray(games.status, RUNNING), this.dialect.guildOnShards(games.guildId, this.shards)),
        groupBy: [games.status],
      }),
    );
    const count = (status: GameStatus): number => rows.find((r) => r.status === status)?.count ?? 0;
    return { lobby: count('lobby'), active: count('active') };
  }

  /**
   * A server's games that were played (running, finished, or ended early after their start), newest first,
   * without their states: what /game replay offers to complete.
   */
  *playedInGuild(guildId: string, limit: number): Statements<PlayedGame[]> {
    const { games } = this.dialect.tables;
    const played = or(inArray(games.status, ['active', 'finished']), and(eq(games.status, 'abandoned'), isNotNull(games.state)));
    const rows = yield* all(
      selectFields({ id: games.id, kind: games.kind, status: games.status, updatedAt: games.updatedAt }, games, {
        where: and(eq(games.guildId, guildId), played),
        orderBy: [desc(games.id)],
        limit,
      }),
    );
    return rows.map((r) => ({ ...r, updatedAt: Number(r.updatedAt) }));
  }

  *seats(gameId: number): Statements<SeatRow[]> {
    return yield* all(this.#moves.seats, { gameId });
  }

  /**
   * Applies a change to a game if and only if it is still at `expectedVersion`: state and/or status,
   * the seat list, and the action log, all in one transaction. The version grows by one.
   * `lastSequence`: the log's newest sequence at `expectedVersion` (null: an empty log), when the caller
   * knows it (it wrote it): the log is not read then. Only saveState appends to the log, each time with a
   * new version, so what was true at a version stays true while the game is at it.
   */
  *saveState(
    gameId: number,
    expectedVersion: number,
    change: StateUpdate,
    appended: readonly NewAction[] = [],
    newSeats?: readonly NewSeat[],
    lastSequence?: number | null,
  ): Statements<SaveResult> {
    const { games, seats } = this.dialect.tables;
    const moves = this.#moves;
    const time = this.now();
    const { query, values } = this.#saveUpdate(gameId, expectedVersion, change, time);
    const append = this.#append.bind(this);
    // Inside the store's transaction (a move) no savepoint: nothing here catches a failure and goes on.
    return yield* atomic(function* (): Statements<SaveResult> {
      const changed = yield* updateWith(query, values);
      if (changed !== 1) {
        const current = yield* first(selectFields({ version: games.version }, games, { where: eq(games.id, gameId) }));
        return { ok: false, code: 'stale_version', currentVersion: current?.version ?? null };
      }
      // The version check passed: what follows needs no answer (on PostgreSQL it goes with the commit).
      if (newSeats !== undefined) {
        yield* removeWithUnanswered(moves.deleteSeats, { gameId });
        yield* insertUnanswered(
          seats,
          newSeats.map((seat) => ({ gameId, ...seat })),
        );
      }
      const firstSequence = yield* append(gameId, appended, time, lastSequence);
      return { ok: true, version: expectedVersion + 1, updatedAt: time, firstSequence };
    });
  }

  /**
   * A move's save: as saveState, but the version check waits for no answer. A stale version fails the
   * caller's transaction with a StaleVersionError (nothing of it is kept) instead of answering stale_version;
   * on PostgreSQL a move whose log end is known (`lastSequence`) is then one round trip: BEGIN, the
   * checked UPDATE, the log's INSERT and whatever else the transaction writes without an answer, and COMMIT.
   */
  *saveMove(gameId: number, expectedVersion: number, change: StateUpdate, appended: readonly NewAction[], lastSequence?: number | null): Statements<SavedMove> {
    const time = this.now();
    const { query, values } = this.#saveUpdate(gameId, expectedVersion, change, time);
    const append = this.#append.bind(this);
    return yield* atomic(function* (): Statements<SavedMove> {
      yield* updateChecked(query, values);
      const firstSequence = yield* append(gameId, appended, time, lastSequence);
      return { version: expectedVersion + 1, updatedAt: time, firstSequence };
    });
  }

  /** The UPDATE of a save (kept per set of changed columns) and its values. */
  #saveUpdate(gameId: number, expectedVersion: number, change: StateUpdate, time: number): { query: UpdateQuery; values: Record<string, unknown> } {
    const keys = (['state', 'status'] as const).filter((key) => change[key] !== undefined);
    const shape = keys.join(',');
    let query = this.#saveUpdates.get(shape);
    if (query === undefined) {
      query = saveUpdate(this.dialect.tables, keys);
      this.#saveUpdates.set(shape, query);
    }
    const values: Record<string, unknown> = { gameId, expectedVersion, updatedAt: time };
    for (const key of keys) values[key] = change[key];
    return { query, values };
  }

  /** Appends the log entries after `lastSequence` (read under the row's lock when not known); answers the first one's sequence, or null. */
  *#append(gameId: number, appended: readonly NewAction[], time: number, lastSequence: number | null | undefined): Statements<number | null> {
    if (appended.length === 0) return null;
    const start = (lastSequence !== undefined ? (lastSequence ?? 0) : ((yield* first(this.#moves.lastSequence, { gameId }))?.sequence ?? 0)) + 1;
    yield* insertUnanswered(
      this.dialect.tables.actions,
      appended.map((entry, i) => ({
        gameId,
        sequence: start + i,
        createdAt: time,
        seat: entry.seat,
        kind: entry.kind,
        action: entry.action === null || entry.action === undefined ? null : JSON.stringify(entry.action),
        events: JSON.stringify(entry.events),
        checkpoint: entry.checkpoint,
      })),
    );
    return start;
  }

  /** The player left (`removed`: the others removed them by vote) at `at`; the seat's place in the log stays. */
  *markSeatLeft(gameId: number, seat: number, at: number = this.now(), removed = false): Statements<void> {
    yield* this.#updateSeat(gameId, seat, { leftAt: at, ...(removed ? { removedAt: at } : {}) });
  }

  /** A computer player of `level` plays the seat from now on. */
  *setSeatComputer(gameId: number, seat: number, level: string): Statements<void> {
    yield* this.#updateSeat(gameId, seat, { computer: level });
  }

  /** The human owner plays the seat again. */
  *reclaimSeat(gameId: number, seat: number): Statements<void> {
    yield* this.#updateSeat(gameId, seat, { computer: null, leftAt: null });
  }

  /**
   * The seat passes to `next` (a substitute from the bench, or its owner given it back) at the game's
   * `version`: its holder until now joins the seat's earlier holders (seat_holders), held up to the log's
   * next sequence, and the seat is a human's again (no computer, not left).
   */
  *handOnSeat(gameId: number, seat: number, version: number, next: { userId: string; displayName: string }): Statements<void> {
    const { seats, seatHolders } = this.dialect.tables;
    const held = yield* first(select(seats, { where: and(eq(seats.gameId, gameId), eq(seats.seat, seat)) }));
    if (held === undefined) throw new Error(`game ${gameId} has no seat ${seat}`);
    const untilSequence = ((yield* first(this.#moves.lastSequence, { gameId }))?.sequence ?? 0) + 1;
    yield* insert(seatHolders, [{ gameId, seat, version, userId: held.userId, displayName: held.displayName, untilSequence, handedOnAt: this.now(), removed: held.removedAt !== null }]);
    yield* update(seats, { userId: next.userId, displayName: next.displayName, computer: null, leftAt: null, removedAt: null }, and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
  }

  /** The earlier holders of the game's seats (see seat_holders), by seat, then in the order they held it. */
  *earlierHolders(gameId: number): Statements<SeatHolderRow[]> {
    const { seatHolders } = this.dialect.tables;
    return yield* all(select(seatHolders, { where: eq(seatHolders.gameId, gameId), orderBy: [asc(seatHolders.seat), asc(seatHolders.version)] }));
  }

  *#updateSeat(gameId: number, seat: number, change: { leftAt?: number | null; removedAt?: number; computer?: string | null }): Statements<void> {
    const { seats } = this.dialect.tables;
    yield* update(seats, change, and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
  }

  /** The board message is presentation, not game state: it does not change the version. */
  *setBoardMessage(gameId: number, messageId: string | null): Statements<void> {
    yield* updateWith(this.#moves.setBoardMessage, { gameId, messageId });
  }

  /** The game's thread was opened (`threadId`), or cannot be (null): it is then played in the channel. */
  *setThread(gameId: number, threadId: string | null): Statements<void> {
    const { games } = this.dialect.tables;
    yield* update(games, threadId === null ? { useThread: false, threadId: null } : { threadId }, eq(games.id, gameId));
  }

  /**
   * The game's thread is gone: it waits for a new thread (`useThread` stays, no thread yet), so the
   * next post opens one. (A game moved to its channel instead goes through `setThread(gameId, null)`.)
   */
  *forgetThread(gameId: number): Statements<void> {
    const { games } = this.dialect.tables;
    yield* update(games, { threadId: null }, eq(games.id, gameId));
  }

  *updateSettings(gameId: number, settings: Partial<Pick<GameRow, 'reminderIntervalMinutes' | 'reminderLimit' | 'idleAfterMinutes' | 'locale'>>): Statements<void> {
    const { games } = this.dialect.tables;
    yield* update(games, { ...settings, updatedAt: this.now() }, eq(games.id, gameId));
  }

  /** The whole log, oldest first; a row that cannot be read throws DamagedRowError. */
  *actions(gameId: number): Statements<StoredAction[]> {
    const { actions } = this.dialect.tables;
    return (yield* all(select(actions, { where: eq(actions.gameId, gameId), orderBy: [asc(actions.sequence)] }))).map(readAction);
  }

  *recentActions(gameId: number, limit: number): Statements<StoredAction[]> {
    return (yield* all(this.#moves.recentActions, { gameId, limit })).reverse().map(readAction);
  }

  /** The log after `sequence`, oldest first. */
  *actionsAfter(gameId: number, sequence: number): Statements<StoredAction[]> {
    return (yield* all(this.#moves.actionsAfter, { gameId, after: sequence })).map(readAction);
  }

  /** The newest snapshot of the game's state (see the snapshots table), if any. */
  *latestSnapshot(gameId: number): Statements<{ sequence: number; state: string } | undefined> {
    const row = yield* first(this.#moves.latestSnapshot, { gameId });
    return row === undefined ? undefined : { sequence: row.sequence, state: row.state };
  }

  /** The sequence of the newest snapshot (not its state), if any. */
  *latestSnapshotSequence(gameId: number): Statements<number | undefined> {
    return (yield* first(this.#moves.latestSnapshotSequence, { gameId }))?.sequence;
  }

  /** Keeps the state at `sequence` (a snapshot there already stays); a move's transaction waits for no answer. */
  *saveSnapshot(gameId: number, sequence: number, state: string): Statements<void> {
    yield* insertUnanswered(this.dialect.tables.snapshots, [{ gameId, sequence, state, createdAt: this.now() }], 'nothing');
  }

  /** Writes several jobs in one statement, without waiting for the answer (a new turn's reminder and idle deadline). */
  *scheduleJobs(jobs: readonly NewJob[]): Statements<void> {
    const createdAt = this.now();
    yield* insertUnanswered(
      this.dialect.tables.scheduledJobs,
      jobs.map((job) => ({ ...job, payload: JSON.stringify(job.payload), createdAt })),
    );
  }

  /**
   * Every job of the game goes and `jobs` come in its place (a new turn's), in one statement where the
   * database can, without waiting for the answer.
   */
  *replaceJobs(gameId: number, jobs: readonly NewJob[]): Statements<void> {
    const createdAt = this.now();
    const rows = jobs.map((job) => ({ ...job, payload: JSON.stringify(job.payload), createdAt }));
    yield* together([deletingWith(this.#moves.deleteJobs, { gameId }), inserting(this.dialect.tables.scheduledJobs, rows)]);
  }

  *scheduleJob(job: NewJob): Statements<ScheduledJobRow> {
    return yield* insertReturning(this.dialect.tables.scheduledJobs, { ...job, payload: JSON.stringify(job.payload), createdAt: this.now() });
  }

  /** Replaces every job of this kind for the game with one new job. */
  *rescheduleJob(job: NewJob): Statements<ScheduledJobRow> {
    const { scheduledJobs } = this.dialect.tables;
    const moves = this.#moves;
    const row = { ...job, payload: JSON.stringify(job.payload), createdAt: this.now() };
    return yield* atomic(function* () {
      yield* removeWithUnanswered(moves.deleteJobsOfKind, { gameId: job.gameId, kind: job.kind });
      return yield* insertReturning(scheduledJobs, row);
    });
  }

  /** Only jobs of games in this process's guilds (no condition when it runs every shard). */
  #ofMyGuilds(): SQL | undefined {
    const { games, scheduledJobs } = this.dialect.tables;
    const mine = this.dialect.guildOnShards(games.guildId, this.shards);
    return mine === undefined ? undefined : sql`${scheduledJobs.gameId} in (select ${games.id} from ${games} where ${mine})`;
  }

  /**
   * For the operator's metrics: this process's jobs that are due (`dueAt` passed) and, of those, the ones
   * due before `lateBefore` (the scheduler should have run them by then). Damaged jobs are left out.
   */
  *jobsDue(now: number, lateBefore: number): Statements<{ due: number; late: number }> {
    const { damagedRows, scheduledJobs } = this.dialect.tables;
    const row = yield* first(
      selectFields(
        {
          due: this.dialect.integer(sql`count(*)`),
          late: this.dialect.integer(sql`coalesce(sum(case when ${scheduledJobs.dueAt} < ${lateBefore} then 1 else 0 end), 0)`),
        },
        scheduledJobs,
        {
          where: and(
            lte(scheduledJobs.dueAt, now),
            sql`not exists (select 1 from ${damagedRows} where ${damagedRows.tableName} = 'scheduled_jobs' and ${damagedRows.rowId} = cast(${scheduledJobs.id} as text))`,
            this.#ofMyGuilds(),
          ),
        },
      ),
    );
    return { due: row?.due ?? 0, late: row?.late ?? 0 };
  }

  /** Due jobs of this process's guilds, except those found damaged (they stay, set aside, for an operator). */
  *dueJobs(now: number): Statements<ScheduledJobRow[]> {
    const { damagedRows, scheduledJobs } = this.dialect.tables;
    const query = select(scheduledJobs, {
      where: and(
        lte(scheduledJobs.dueAt, now),
        sql`not exists (select 1 from ${damagedRows} where ${damagedRows.tableName} = 'scheduled_jobs' and ${damagedRows.rowId} = cast(${scheduledJobs.id} as text))`,
        this.#ofMyGuilds(),
      ),
      orderBy: [asc(scheduledJobs.dueAt), asc(scheduledJobs.id)],
    });
    return yield* all(query);
  }

  /**
   * Every job of a kind, of every guild (a player going away stops their running time banks in
   * all their games, whichever process runs them).
   */
  *jobsOfKindEverywhere(kind: string): Statements<ScheduledJobRow[]> {
    const { scheduledJobs } = this.dialect.tables;
    return yield* all(select(scheduledJobs, { where: eq(scheduledJobs.kind, kind), orderBy: [asc(scheduledJobs.id)] }));
  }

  *jobsOf(gameId: number, kind?: string): Statements<ScheduledJobRow[]> {
    return kind === undefined ? yield* all(this.#moves.jobsOf, { gameId }) : yield* all(this.#moves.jobsOfKind, { gameId, kind });
  }

  /** True when this call removed the job (so exactly one runner acts on it). */
  *deleteJob(id: number): Statements<boolean> {
    const { scheduledJobs } = this.dialect.tables;
    return (yield* remove(scheduledJobs, eq(scheduledJobs.id, id))) === 1;
  }

  *deleteJobs(gameId: number, kind?: string): Statements<void> {
    if (kind === undefined) yield* removeWithUnanswered(this.#moves.deleteJobs, { gameId });
    else yield* removeWithUnanswered(this.#moves.deleteJobsOfKind, { gameId, kind });
  }
}
