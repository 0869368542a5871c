CREATE TABLE `snapshots` (
	`game_id` integer NOT NULL,
	`sequence` integer NOT NULL,
	`state` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `sequence`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
