CREATE TABLE `server_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`vacation_days` integer DEFAULT 14 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vacations` (
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`year` integer NOT NULL,
	`paused_until` integer NOT NULL,
	`away_until` integer NOT NULL,
	`days` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `user_id`, `started_at`)
);
--> statement-breakpoint
CREATE INDEX `vacations_user` ON `vacations` (`user_id`,`away_until`);