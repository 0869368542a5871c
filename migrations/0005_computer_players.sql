ALTER TABLE `games` ADD `computer_level` text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE `seats` ADD `computer` text;