/**
 * The PostgreSQL schema: the same tables, columns, keys and indexes as the SQLite schema (../schema.ts),
 * so one repository serves both and a row reads the same from either. `npm run db:generate` writes its
 * migrations to migrations/postgres/.
 *
 * Mapping: Unix-millisecond times are bigint (read as numbers), ids are identity columns (by default, so
 * rows copied from a SQLite file keep theirs), JSON stays text that is parsed where it is read (a damaged
 * row is set aside, never thrown inside a query), flags are boolean. A test compares both schemas.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ANALYSIS_STATUSES, DELIVERY_STATUSES, GAME_STATUSES } from '../schema.js';

/** A Unix-millisecond time: beyond 32 bits, far inside the 53 bits a number holds exactly. */
const millis = (name: string) => bigint(name, { mode: 'number' });

export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    guildId: text('guild_id').notNull(),
    channelId: text('channel_id').notNull(),
    kind: text('kind').notNull(),
    hostUserId: text('host_user_id').notNull(),
    /** The lobby settings as JSON text. */
    options: text('options').notNull(),
    seed: text('seed').notNull(),
    status: text('status', { enum: GAME_STATUSES }).notNull(),
    /** The engine state as JSON; null while the game is a lobby. */
    state: text('state'),
    /** Grows with every write; guards against lost updates and stale buttons. */
    version: integer('version').notNull().default(0),
    boardMessageId: text('board_message_id'),
    /** The server's locale, for public messages. */
    locale: text('locale').notNull().default('en'),
    reminderIntervalMinutes: integer('reminder_interval_minutes').notNull().default(720),
    reminderLimit: integer('reminder_limit').notNull().default(3),
    idleAfterMinutes: integer('idle_after_minutes').notNull().default(2880),
    computerLevel: text('computer_level').notNull().default('normal'),
    useThread: boolean('use_thread').notNull().default(false),
    threadId: text('thread_id'),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (table) => [
    // One running game (lobby or active) per table, enforced by the database itself: a game's thread
    // holds one game, and so does the channel itself for games played there (no thread); a channel holds
    // any number of games in threads of their own, and their lobbies.
    uniqueIndex('games_one_running_per_thread')
      .on(table.threadId)
      .where(sql`status in ('lobby', 'active') and thread_id is not null`),
    uniqueIndex('games_one_running_in_channel')
      .on(table.channelId)
      .where(sql`status in ('lobby', 'active') and use_thread = false`),
    index('games_guild').on(table.guildId),
    index('games_thread').on(table.threadId),
  ],
);

export const seats = pgTable(
  'seats',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    /** Set when the player left or was removed; the seat stays for the log. */
    leftAt: millis('left_at'),
    removedAt: millis('removed_at'),
    computer: text('computer'),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seat] }), uniqueIndex('seats_game_user').on(table.gameId, table.userId)],
);

export const seatHolders = pgTable(
  'seat_holders',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    version: integer('version').notNull(),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    untilSequence: integer('until_sequence').notNull(),
    handedOnAt: millis('handed_on_at').notNull(),
    removed: boolean('removed').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seat, table.version] })],
);

export const actions = pgTable(
  'actions',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    seat: integer('seat').notNull(),
    /** 'action' = a game action; 'undo' = takes back the latest action that is still in effect. */
    kind: text('kind', { enum: ['action', 'undo'] }).notNull().default('action'),
    /** The action as JSON text (null for an undo). */
    action: text('action'),
    /** The events the action produced, for the game log. */
    events: text('events').notNull(),
    checkpoint: boolean('checkpoint').notNull().default(false),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.sequence] })],
);

export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    dueAt: millis('due_at').notNull(),
    /** JSON text, validated by the scheduler per job kind. */
    payload: text('payload').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [index('scheduled_jobs_due').on(table.dueAt), index('scheduled_jobs_game').on(table.gameId, table.kind)],
);

/** The state right after a checkpoint of the log (see ../schema.ts): a cache the log can always rebuild. */
export const snapshots = pgTable(
  'snapshots',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The log sequence of the checkpoint the state follows. */
    sequence: integer('sequence').notNull(),
    state: text('state').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.sequence] })],
);

/** The final placing of every seat of a finished game, written in the commit that ends it. */
export const results = pgTable(
  'results',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').notNull(),
    /** 1 = winner; seats that share a rank tie. */
    rank: integer('rank').notNull(),
    /** The seat had left the game (conceded or removed) before the end. */
    left: boolean('left').notNull().default(false),
    heldMoves: integer('held_moves'),
    seatMoves: integer('seat_moves'),
    finishedAt: millis('finished_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seat] }), index('results_user').on(table.userId)],
);

export const playerSettings = pgTable('player_settings', {
  userId: text('user_id').primaryKey(),
  notify: text('notify').notNull().default('channel'),
  timeZone: text('time_zone'),
  quietFrom: integer('quiet_from'),
  quietTo: integer('quiet_to'),
  awayUntil: millis('away_until'),
  locale: text('locale'),
  autoForced: integer('auto_forced').notNull().default(1),
  phonePicture: integer('phone_picture').notNull().default(0),
  dmFailedAt: millis('dm_failed_at'),
  updatedAt: millis('updated_at').notNull(),
});

// Servers and their players' vacations (see ../schema.ts).
export const serverSettings = pgTable('server_settings', {
  guildId: text('guild_id').primaryKey(),
  vacationDays: integer('vacation_days').notNull().default(14),
  benchChannelId: text('bench_channel_id'),
  benchRoleId: text('bench_role_id'),
  updatedAt: millis('updated_at').notNull(),
});

export const vacations = pgTable(
  'vacations',
  {
    guildId: text('guild_id').notNull(),
    userId: text('user_id').notNull(),
    startedAt: millis('started_at').notNull(),
    year: integer('year').notNull(),
    pausedUntil: millis('paused_until').notNull(),
    awayUntil: millis('away_until').notNull(),
    days: integer('days').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId, table.startedAt] }), index('vacations_user').on(table.userId, table.awayUntil)],
);

// Finished games' analyses (see ../schema.ts).
export const gameAnalyses = pgTable(
  'game_analyses',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ANALYSIS_STATUSES }).notNull(),
    turns: integer('turns').notNull(),
    reviewed: text('reviewed').notNull(),
    reason: text('reason'),
    updatedAt: millis('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId] })],
);

// Ratings and followers.
/** Skill ratings per server, game and player (see ../schema.ts); mu and sigma are doubles, as SQLite's REAL. */
export const ratings = pgTable(
  'ratings',
  {
    guildId: text('guild_id').notNull(),
    kind: text('kind').notNull(),
    playerId: text('player_id').notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    games: integer('games').notNull().default(0),
    updatedAt: millis('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.kind, table.playerId] })],
);

/** Who follows a game without playing it (see ../schema.ts). */
export const followers = pgTable(
  'followers',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId] })],
);

/** The outbox (see ../schema.ts): written with the change, delivered until Discord has it, never twice. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    guildId: text('guild_id').notNull(),
    channelId: text('channel_id').notNull(),
    kind: text('kind').notNull(),
    /** The game's version when the delivery was written. */
    version: integer('version').notNull(),
    /** JSON text, validated per kind when delivered. */
    payload: text('payload').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: millis('next_attempt_at').notNull(),
    /** A deliverer holds the row until then (several processes may deliver). */
    claimedUntil: millis('claimed_until'),
    /** Which deliverer holds it (a restarted process takes back what its killed predecessor held). */
    claimedBy: text('claimed_by'),
    messageId: text('message_id'),
    postedIn: text('posted_in'),
    /** The delivery that was posted in place of this one (superseded boards). */
    supersededBy: integer('superseded_by'),
    disarmedAt: millis('disarmed_at'),
    /** The last failure, short and without secrets. */
    lastError: text('last_error'),
    createdAt: millis('created_at').notNull(),
    deliveredAt: millis('delivered_at'),
  },
  (table) => [
    index('deliveries_pending').on(table.status, table.nextAttemptAt),
    index('deliveries_game').on(table.gameId, table.status),
  ],
);

/** Rows found damaged: listed once, never deleted or rewritten (see ../schema.ts). */
export const damagedRows = pgTable(
  'damaged_rows',
  {
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    gameId: integer('game_id'),
    channelId: text('channel_id'),
    reason: text('reason').notNull(),
    foundAt: millis('found_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tableName, table.rowId] })],
);

export type GameRow = typeof games.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;
export type SnapshotRow = typeof snapshots.$inferSelect;
export type ResultRow = typeof results.$inferSelect;
export type DamagedRow = typeof damagedRows.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;
export type ActionRow = typeof actions.$inferSelect;
export type ScheduledJobRow = typeof scheduledJobs.$inferSelect;
export type PlayerSettingsRow = typeof playerSettings.$inferSelect;
export type RatingRow = typeof ratings.$inferSelect;
export type ServerSettingsRow = typeof serverSettings.$inferSelect;
export type VacationRow = typeof vacations.$inferSelect;
export type GameAnalysisRow = typeof gameAnalyses.$inferSelect;

/** The tables the repositories run on (see ../dialect.ts). */
export const tables = { games, seats, seatHolders, actions, scheduledJobs, snapshots, results, playerSettings, deliveries, damagedRows, ratings, followers, serverSettings, vacations, gameAnalyses };
