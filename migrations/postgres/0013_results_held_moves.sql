ALTER TABLE "results" ADD COLUMN "held_moves" integer;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "seat_moves" integer;