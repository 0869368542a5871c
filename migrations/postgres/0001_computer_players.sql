ALTER TABLE "games" ADD COLUMN "computer_level" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "computer" text;