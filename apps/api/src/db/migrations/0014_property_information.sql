-- Lot review is a reviewer's mark of up to 5 uppercase characters, not a number: the existing numbers are kept as their text.
ALTER TABLE "properties" ALTER COLUMN "lot_review" SET DATA TYPE varchar(5) USING "lot_review"::varchar(5);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "community_code" varchar(50);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "gate_code" varchar(50);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_lot_review_check" CHECK ("properties"."lot_review" = upper("properties"."lot_review"));
