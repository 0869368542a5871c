CREATE TABLE "followers" (
	"game_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "followers_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"guild_id" text NOT NULL,
	"kind" text NOT NULL,
	"player_id" text NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "ratings_guild_id_kind_player_id_pk" PRIMARY KEY("guild_id","kind","player_id")
);
--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;