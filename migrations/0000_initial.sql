CREATE TABLE `actions` (
	`game_id` integer NOT NULL,
	`sequence` integer NOT NULL,
	`seat` integer NOT NULL,
	`kind` text DEFAULT 'action' NOT NULL,
	`action` text,
	`events` text NOT NULL,
	`checkpoint` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `sequence`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `games` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`kind` text NOT NULL,
	`host_user_id` text NOT NULL,
	`options` text NOT NULL,
	`seed` text NOT NULL,
	`status` text NOT NULL,
	`state` text,
	`version` integer DEFAULT 0 NOT NULL,
	`board_message_id` text,
	`locale` text DEFAULT 'en' NOT NULL,
	`reminder_interval_minutes` integer DEFAULT 720 NOT NULL,
	`reminder_limit` integer DEFAULT 3 NOT NULL,
	`idle_after_minutes` integer DEFAULT 2880 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_one_active_per_channel` ON `games` (`channel_id`) WHERE status in ('lobby', 'active');--> statement-breakpoint
CREATE INDEX `games_guild` ON `games` (`guild_id`);--> statement-breakpoint
CREATE TABLE `scheduled_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`game_id` integer NOT NULL,
	`due_at` integer NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scheduled_jobs_due` ON `scheduled_jobs` (`due_at`);--> statement-breakpoint
CREATE INDEX `scheduled_jobs_game` ON `scheduled_jobs` (`game_id`,`kind`);--> statement-breakpoint
CREATE TABLE `seats` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text NOT NULL,
	`display_name` text NOT NULL,
	`left_at` integer,
	PRIMARY KEY(`game_id`, `seat`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seats_game_user` ON `seats` (`game_id`,`user_id`);