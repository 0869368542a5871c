DROP INDEX `games_one_active_per_channel`;--> statement-breakpoint
CREATE UNIQUE INDEX `games_one_running_per_thread` ON `games` (`thread_id`) WHERE status in ('lobby', 'active') and thread_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `games_one_running_in_channel` ON `games` (`channel_id`) WHERE status in ('lobby', 'active') and use_thread = false;