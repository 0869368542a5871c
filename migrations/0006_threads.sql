ALTER TABLE `deliveries` ADD `posted_in` text;--> statement-breakpoint
ALTER TABLE `games` ADD `use_thread` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `thread_id` text;--> statement-breakpoint
CREATE INDEX `games_thread` ON `games` (`thread_id`);