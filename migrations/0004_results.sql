CREATE TABLE `results` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text NOT NULL,
	`rank` integer NOT NULL,
	`left` integer DEFAULT false NOT NULL,
	`finished_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seat`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `results_user` ON `results` (`user_id`);