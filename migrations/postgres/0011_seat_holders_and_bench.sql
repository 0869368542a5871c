CREATE TABLE "seat_holders" (
	"game_id" integer NOT NULL,
	"seat" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"until_sequence" integer NOT NULL,
	"handed_on_at" bigint NOT NULL,
	CONSTRAINT "seat_holders_game_id_seat_version_pk" PRIMARY KEY("game_id","seat","version")
);
--> statement-breakpoint
ALTER TABLE "server_settings" ADD COLUMN "bench_channel_id" text;--> statement-breakpoint
ALTER TABLE "server_settings" ADD COLUMN "bench_role_id" text;--> statement-breakpoint
ALTER TABLE "seat_holders" ADD CONSTRAINT "seat_holders_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;