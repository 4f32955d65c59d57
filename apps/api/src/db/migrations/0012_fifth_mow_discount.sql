ALTER TABLE "invoices" ADD COLUMN "discount" varchar(20);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_fifth_mow_unique" ON "invoices" USING btree ("property_id") WHERE discount = 'fifth_mow';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_discount_check" CHECK ("invoices"."discount" in ('fifth_mow'));