CREATE TABLE `player_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`notify` text DEFAULT 'channel' NOT NULL,
	`time_zone` text,
	`quiet_from` integer,
	`quiet_to` integer,
	`away_until` integer,
	`locale` text,
	`updated_at` integer NOT NULL
);
