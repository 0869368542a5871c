/**
 * The database schema (drizzle). `npm run db:generate` turns changes here into SQL under migrations/.
 * Times are Unix milliseconds. JSON columns hold validated plain data.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
    options: text('options', { mode: 'json' }).notNull(),
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
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    // One running game (lobby or active) per channel, enforced by the database itself.
    uniqueIndex('games_one_active_per_channel')
      .on(table.channelId)
      .where(sql`status in ('lobby', 'active')`),
    index('games_guild').on(table.guildId),
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
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seat] }), uniqueIndex('seats_game_user').on(table.gameId, table.userId)],
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
    action: text('action', { mode: 'json' }),
    /** The events the action produced, for the game log. */
    events: text('events', { mode: 'json' }).notNull(),
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
    payload: text('payload', { mode: 'json' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('scheduled_jobs_due').on(table.dueAt), index('scheduled_jobs_game').on(table.gameId, table.kind)],
);

export type GameRow = typeof games.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;
export type ActionRow = typeof actions.$inferSelect;
export type ScheduledJobRow = typeof scheduledJobs.$inferSelect;
