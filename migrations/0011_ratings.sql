CREATE TABLE `followers` (
	`game_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `user_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ratings` (
	`guild_id` text NOT NULL,
	`kind` text NOT NULL,
	`player_id` text NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `kind`, `player_id`)
);
