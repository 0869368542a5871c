CREATE TABLE `game_analyses` (
	`game_id` integer PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`turns` integer NOT NULL,
	`reviewed` text NOT NULL,
	`reason` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
