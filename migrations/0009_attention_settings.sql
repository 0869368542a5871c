ALTER TABLE `player_settings` ADD `auto_forced` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `player_settings` ADD `dm_failed_at` integer;