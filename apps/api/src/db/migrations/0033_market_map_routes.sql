CREATE TABLE "route_orders" (
	"crew" integer NOT NULL,
	"day" date NOT NULL,
	"property_id" integer NOT NULL,
	"position" integer NOT NULL,
	"ordered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_orders_crew_day_property_id_pk" PRIMARY KEY("crew","day","property_id"),
	CONSTRAINT "route_orders_position_check" CHECK ("route_orders"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "depot_lat" double precision;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "depot_lng" double precision;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "depot_address" varchar(200);--> statement-breakpoint
ALTER TABLE "route_orders" ADD CONSTRAINT "route_orders_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_orders" ADD CONSTRAINT "route_orders_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_orders_property_idx" ON "route_orders" USING btree ("property_id");--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_depot_check" CHECK (("markets"."depot_lat" is null) = ("markets"."depot_lng" is null)
        and "markets"."depot_lat" between -90 and 90 and "markets"."depot_lng" between -180 and 180);