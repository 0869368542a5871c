ALTER TABLE "player_settings" ADD COLUMN "auto_forced" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_settings" ADD COLUMN "dm_failed_at" bigint;