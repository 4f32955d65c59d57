CREATE TABLE "mow_availabilities" (
	"market_id" integer NOT NULL,
	"day" date NOT NULL,
	"slots" integer,
	"is_locked" boolean DEFAULT false NOT NULL,
	"is_lock_all_day" boolean DEFAULT true NOT NULL,
	"lock_start" varchar(5),
	"lock_end" varchar(5),
	"time_zone" varchar(64),
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mow_availabilities_market_id_day_pk" PRIMARY KEY("market_id","day"),
	CONSTRAINT "mow_availabilities_slots_check" CHECK ("mow_availabilities"."slots" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "mow_availabilities" ADD CONSTRAINT "mow_availabilities_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mow_availabilities" ADD CONSTRAINT "mow_availabilities_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;