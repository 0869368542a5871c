CREATE TABLE "server_settings" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"vacation_days" integer DEFAULT 14 NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vacations" (
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"started_at" bigint NOT NULL,
	"year" integer NOT NULL,
	"paused_until" bigint NOT NULL,
	"away_until" bigint NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "vacations_guild_id_user_id_started_at_pk" PRIMARY KEY("guild_id","user_id","started_at")
);
--> statement-breakpoint
CREATE INDEX "vacations_user" ON "vacations" USING btree ("user_id","away_until");