ALTER TABLE "deliveries" ADD COLUMN "posted_in" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "use_thread" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "thread_id" text;--> statement-breakpoint
CREATE INDEX "games_thread" ON "games" USING btree ("thread_id");