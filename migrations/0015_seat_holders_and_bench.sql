CREATE TABLE `seat_holders` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`version` integer NOT NULL,
	`user_id` text NOT NULL,
	`display_name` text NOT NULL,
	`until_sequence` integer NOT NULL,
	`handed_on_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seat`, `version`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `server_settings` ADD `bench_channel_id` text;--> statement-breakpoint
ALTER TABLE `server_settings` ADD `bench_role_id` text;