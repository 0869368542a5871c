ALTER TABLE `results` ADD `held_moves` integer;--> statement-breakpoint
ALTER TABLE `results` ADD `seat_moves` integer;