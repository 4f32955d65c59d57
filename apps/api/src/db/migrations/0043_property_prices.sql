-- A property's prices in a narrow table of their own, so that a bulk price change does not rewrite the wide row.
CREATE TABLE "property_prices" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"cost_service" numeric(10, 2) DEFAULT 0 NOT NULL,
	"subtotal_mowing" numeric(10, 2) DEFAULT 0 NOT NULL,
	"calculated_tax" numeric(10, 2) DEFAULT 0 NOT NULL,
	"total_mowing" numeric(10, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The prices move out of the wide property row (docs/adr/0058): every property keeps its own.
INSERT INTO "property_prices" ("property_id", "cost_service", "subtotal_mowing", "calculated_tax", "total_mowing")
SELECT "id", "cost_service", "subtotal_mowing", "calculated_tax", "total_mowing" FROM "properties";--> statement-breakpoint
DROP INDEX "properties_list_subtotal_idx";--> statement-breakpoint
DROP INDEX "properties_list_total_idx";--> statement-breakpoint
ALTER TABLE "property_prices" ADD CONSTRAINT "property_prices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_prices_subtotal_idx" ON "property_prices" USING btree ("subtotal_mowing","property_id");--> statement-breakpoint
CREATE INDEX "property_prices_total_idx" ON "property_prices" USING btree ("total_mowing","property_id");--> statement-breakpoint
ALTER TABLE "properties" DROP COLUMN "cost_service";--> statement-breakpoint
ALTER TABLE "properties" DROP COLUMN "subtotal_mowing";--> statement-breakpoint
ALTER TABLE "properties" DROP COLUMN "calculated_tax";--> statement-breakpoint
ALTER TABLE "properties" DROP COLUMN "total_mowing";