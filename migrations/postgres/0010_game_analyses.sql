CREATE TABLE "game_analyses" (
	"game_id" integer NOT NULL,
	"status" text NOT NULL,
	"turns" integer NOT NULL,
	"reviewed" text NOT NULL,
	"reason" text,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "game_analyses_game_id_pk" PRIMARY KEY("game_id")
);
--> statement-breakpoint
ALTER TABLE "game_analyses" ADD CONSTRAINT "game_analyses_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;