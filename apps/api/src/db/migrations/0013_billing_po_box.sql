ALTER TABLE "properties" ADD COLUMN "po_box_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "billing_po_box_city" varchar(80);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "billing_po_box_state" varchar(2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "billing_po_box_zipcode" varchar(5);--> statement-breakpoint
-- A record that already has a PO box shows the PO box toggle on.
UPDATE "properties" SET "po_box_enabled" = true WHERE coalesce(trim("billing_po_box"), '') <> '';
