/**
 * The database schema (drizzle). `npm run db:generate` turns changes here into SQL under migrations/.
 * Times are Unix milliseconds. JSON is stored as text and parsed where it is read (never by the driver):
 * one damaged row must be reported and set aside, not throw inside a query that serves every channel.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const GAME_STATUSES = ['lobby', 'active', 'finished', 'abandoned'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export const games = sqliteTable(
  'games',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    /** The level of the computer player that takes over an absent player's seat. */
    computerLevel: text('computer_level').notNull().default('normal'),
    /** The game is played in a thread of its channel (the lobby and the final standings stay in the channel). */
    useThread: integer('use_thread', { mode: 'boolean' }).notNull().default(false),
    /** The game's thread, once opened: its table; clicks and commands in it belong to this game. */
    threadId: text('thread_id'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
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

export const seats = sqliteTable(
  'seats',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    /** Set when the player left or was removed; the seat stays for the log. */
    leftAt: integer('left_at'),
    /** Set (with `leftAt`) when the other players removed the player by vote: unlike a leaver, they cannot take the seat back. */
    removedAt: integer('removed_at'),
    /**
     * The level of the computer player that plays this seat ('easy', 'normal', 'hard'), or null for a
     * human. A seat added as a computer has a user id of its own (`computer:<n>`); a human's seat handed to
     * a computer (left, or voted idle) keeps its user, who may take it back.
     */
    computer: text('computer'),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seat] }), uniqueIndex('seats_game_user').on(table.gameId, table.userId)],
);

/**
 * Who held a seat before its holder now (`seats.user_id`): each earlier holder once, with the game's version
 * at which the next holder took the seat (a substitute from the bench, or its owner given it back) and the
 * first log sequence the next holder's (`untilSequence`). A seat that never changed hands has no rows.
 */
export const seatHolders = sqliteTable(
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
    handedOnAt: integer('handed_on_at').notNull(),
    /** The holder had been removed from the game by the others' vote: it is not theirs to ask back. */
    removed: integer('removed', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seat, table.version] })],
);

export const actions = sqliteTable(
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
    checkpoint: integer('checkpoint', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.sequence] })],
);

export const scheduledJobs = sqliteTable(
  'scheduled_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    dueAt: integer('due_at').notNull(),
    /** JSON text, validated by the scheduler per job kind. */
    payload: text('payload').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('scheduled_jobs_due').on(table.dueAt), index('scheduled_jobs_game').on(table.gameId, table.kind)],
);

/**
 * The state of a game right after a checkpoint of its log (a die roll, a card draw, a hand-over): nothing
 * at or before a checkpoint can be undone, so undo and the load-time check replay from the newest
 * snapshot instead of from the first move. A cache of what the log already says: it can always be rebuilt.
 */
export const snapshots = sqliteTable(
  'snapshots',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The log sequence of the checkpoint the state follows. */
    sequence: integer('sequence').notNull(),
    state: text('state').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.sequence] })],
);

/**
 * The final placing of every seat of a finished game, written in the commit that ends it: the history
 * and the statistics read it, instead of replaying or parsing every finished game.
 */
export const results = sqliteTable(
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
    left: integer('left', { mode: 'boolean' }).notNull().default(false),
    /**
     * A seat that changed hands (a substitute from the bench, seat_holders): the moves its holder at the end
     * made on it, and all the seat's moves (a computer's too), for the rating's share rule; null otherwise.
     */
    heldMoves: integer('held_moves'),
    seatMoves: integer('seat_moves'),
    finishedAt: integer('finished_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seat] }), index('results_user').on(table.userId)],
);

/**
 * How each player wants to hear that a game waits for them, across games and servers (/game notify):
 * see src/notify-settings.ts. No row = the defaults (a mention in the channel, no quiet hours).
 */
export const playerSettings = sqliteTable('player_settings', {
  userId: text('user_id').primaryKey(),
  /** 'channel', 'dm' or 'both'. */
  notify: text('notify').notNull().default('channel'),
  /** IANA time zone name; null = UTC. */
  timeZone: text('time_zone'),
  /** Quiet hours [from, to) in the time zone, whole hours 0-23. */
  quietFrom: integer('quiet_from'),
  quietTo: integer('quiet_to'),
  awayUntil: integer('away_until'),
  /** The language of the player's direct messages: their Discord language when they last set these. */
  locale: text('locale'),
  /** 1: a decision with one forced answer (a pass, a skip) is played for the player; 0: they are asked. */
  autoForced: integer('auto_forced').notNull().default(1),
  /** 1: the player's turn panel comes with the phone picture of the board; 0: without (the default). */
  phonePicture: integer('phone_picture').notNull().default(0),
  /** When a direct message to the player failed because they closed theirs; null once they were told. */
  dmFailedAt: integer('dm_failed_at'),
  updatedAt: integer('updated_at').notNull(),
});

// Servers and their players' vacations.
/**
 * A server's own settings (set by its admins with /game server); no row = the defaults. `vacationDays`:
 * the days a year each player may be away with their clocks standing still (src/app/vacation.ts).
 */
export const serverSettings = sqliteTable('server_settings', {
  guildId: text('guild_id').primaryKey(),
  vacationDays: integer('vacation_days').notNull().default(14),
  /** The substitute bench (src/app/service/bench.ts): where an open seat is offered (null: nowhere), and the role pinged there (null: nobody). */
  benchChannelId: text('bench_channel_id'),
  benchRoleId: text('bench_role_id'),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * A player's vacation on a server (src/app/vacation.ts): an absence (/game notify away_until) drawn on the
 * server's budget of the `year` it began in (the player's time zone). From `startedAt`, their clocks there
 * stand still until `pausedUntil` (the days the budget covered, `days` of them); `awayUntil`: when they
 * are back (set to the moment it ended, for one ended early).
 */
export const vacations = sqliteTable(
  'vacations',
  {
    guildId: text('guild_id').notNull(),
    userId: text('user_id').notNull(),
    startedAt: integer('started_at').notNull(),
    year: integer('year').notNull(),
    pausedUntil: integer('paused_until').notNull(),
    awayUntil: integer('away_until').notNull(),
    days: integer('days').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId, table.startedAt] }), index('vacations_user').on(table.userId, table.awayUntil)],
);

// Finished games' analyses.
export const ANALYSIS_STATUSES = ['pending', 'done', 'set_aside'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/**
 * A finished game's analysis (src/app/analysis/): each seat's win chance after every turn and, per turn,
 * what the computer would have played instead, computed once, turn by turn, in the AI pool's idle time.
 * `turns`: the game's turns; `reviewed`: the turns done so far, as JSON text (src/app/analysis/stored.ts).
 * 'pending' until every turn is reviewed; 'set_aside' (with its `reason`) when it cannot be done.
 */
export const gameAnalyses = sqliteTable(
  'game_analyses',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ANALYSIS_STATUSES }).notNull(),
    turns: integer('turns').notNull(),
    reviewed: text('reviewed').notNull(),
    reason: text('reason'),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId] })],
);

// Ratings and followers.
/**
 * Each player's skill rating per server and game (Weng-Lin / Plackett-Luce, src/skill-rating.ts), updated
 * in the commit that finishes a game and rebuilt from `results` by `npm run ratings:rebuild`. `playerId`:
 * a Discord user id, or a computer level (`computer:hard`): every computer of a level is one player.
 */
export const ratings = sqliteTable(
  'ratings',
  {
    guildId: text('guild_id').notNull(),
    kind: text('kind').notNull(),
    playerId: text('player_id').notNull(),
    mu: real('mu').notNull(),
    sigma: real('sigma').notNull(),
    /** Finished games rated. */
    games: integer('games').notNull().default(0),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.kind, table.playerId] })],
);

/** Who follows a game without playing it (/game follow): they hear of its new boards as a player would. */
export const followers = sqliteTable(
  'followers',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId] })],
);

export const DELIVERY_KINDS = ['lobby', 'board', 'reminder', 'idle-vote', 'announcement', 'dm', 'dm-fallback', 'bank-warning', 'bench'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const DELIVERY_STATUSES = ['pending', 'delivered', 'superseded', 'damaged'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The outbox: what a channel must see after a commit, written in the same transaction as the change and
 * delivered (retried with backoff, after restarts too) until Discord has it. `messageId` records the post,
 * so a delivery is never posted twice; `disarmedAt` records that its buttons were taken off once a newer
 * message replaced it.
 */
export const deliveries = sqliteTable(
  'deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    nextAttemptAt: integer('next_attempt_at').notNull(),
    /** A deliverer holds the row until then (several processes may deliver). */
    claimedUntil: integer('claimed_until'),
    /**
     * Which deliverer holds it: a process restarted under the same name (the same shards) takes back at
     * once what its killed predecessor held, instead of waiting for the lease to run out.
     */
    claimedBy: text('claimed_by'),
    messageId: text('message_id'),
    /** Where the message was posted: the game's channel or its thread (null: not posted yet). */
    postedIn: text('posted_in'),
    /** The delivery that was posted in place of this one (superseded boards). */
    supersededBy: integer('superseded_by'),
    disarmedAt: integer('disarmed_at'),
    /** The last failure, short and without secrets. */
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    deliveredAt: integer('delivered_at'),
  },
  (table) => [
    index('deliveries_pending').on(table.status, table.nextAttemptAt),
    index('deliveries_game').on(table.gameId, table.status),
  ],
);

/**
 * Rows found damaged (unreadable JSON, impossible values). A damaged row is never deleted or rewritten:
 * it is listed here once (so it is reported once), and whatever reads it sets it aside.
 */
export const damagedRows = sqliteTable(
  'damaged_rows',
  {
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    gameId: integer('game_id'),
    channelId: text('channel_id'),
    reason: text('reason').notNull(),
    foundAt: integer('found_at').notNull(),
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
export type SeatHolderRow = typeof seatHolders.$inferSelect;

/** The tables the repositories run on (see dialect.ts). */
export const tables = { games, seats, seatHolders, actions, scheduledJobs, snapshots, results, playerSettings, deliveries, damagedRows, ratings, followers, serverSettings, vacations, gameAnalyses };
