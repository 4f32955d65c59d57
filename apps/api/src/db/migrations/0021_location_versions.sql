ALTER TABLE "locations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The approved flag follows the order status (approved exactly while status_orders is 1), as the demo data has it;
-- orders approved before the rule kept false.
UPDATE "properties" SET "is_approved" = ("status_orders" = 1) WHERE "is_approved" <> ("status_orders" = 1);
