DROP INDEX "customers_email_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_name_sort_idx";--> statement-breakpoint
DROP INDEX "customers_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "properties_crew_idx";--> statement-breakpoint
DROP INDEX "properties_zipcode_idx";--> statement-breakpoint
DROP INDEX "properties_city_idx";--> statement-breakpoint
DROP INDEX "properties_state_idx";--> statement-breakpoint
DROP INDEX "properties_card_type_idx";--> statement-breakpoint
DROP INDEX "properties_service_address_sort_idx";--> statement-breakpoint
DROP INDEX "properties_service_address_trgm_idx";--> statement-breakpoint
DROP INDEX "properties_subtotal_idx";--> statement-breakpoint
DROP INDEX "properties_total_idx";--> statement-breakpoint
DROP INDEX "properties_tax_rate_idx";--> statement-breakpoint
DROP INDEX "properties_updated_at_idx";--> statement-breakpoint
DROP INDEX "properties_last_edited_by_idx";--> statement-breakpoint
DROP INDEX "properties_last_note_by_idx";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "customer_first_name" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "customer_last_name" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "customer_email" varchar(255);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "customer_phone" varchar(15) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "market_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "last_edited_by_name" varchar(101);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "last_note_by_name" varchar(101);--> statement-breakpoint
-- Fill the copies before the indexes exist (one pass, no index maintenance).
UPDATE "properties" AS p SET
  "customer_first_name" = c."first_name", "customer_last_name" = c."last_name",
  "customer_email" = c."email", "customer_phone" = c."contact_number",
  "market_name" = (SELECT m."name" FROM "markets" AS m WHERE m."id" = p."market_id"),
  "last_edited_by_name" = (SELECT u."first_name" || ' ' || u."last_name" FROM "users" AS u WHERE u."id" = p."last_edited_by"),
  "last_note_by_name" = (SELECT u."first_name" || ' ' || u."last_name" FROM "users" AS u WHERE u."id" = p."last_note_by")
  FROM "customers" AS c WHERE c."id" = p."customer_id";--> statement-breakpoint
CREATE INDEX "properties_csr_user_idx" ON "properties" USING btree ("csr_user_id");--> statement-breakpoint
CREATE INDEX "properties_list_market_name_sort_idx" ON "properties" USING btree (lower("market_name"),"status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_market_name_idx" ON "properties" USING btree ("market_id","status_orders","status",lower("customer_first_name"),lower("customer_last_name"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_name_idx" ON "properties" USING btree (lower("customer_first_name"),lower("customer_last_name"),"status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_name_trgm_idx" ON "properties" USING gin (("customer_first_name" || ' ' || "customer_last_name") gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_email_idx" ON "properties" USING btree (lower("customer_email"),"status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_email_trgm_idx" ON "properties" USING gin ("customer_email" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_phone_idx" ON "properties" USING btree ("customer_phone","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_address_idx" ON "properties" USING btree (lower("service_address"),"status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_address_trgm_idx" ON "properties" USING gin ("service_address" gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_crew_idx" ON "properties" USING btree ("crew","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_zipcode_idx" ON "properties" USING btree ("zipcode","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_city_idx" ON "properties" USING btree (lower("city"),"status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_state_idx" ON "properties" USING btree ("state","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_week_day_idx" ON "properties" USING btree ("week_day","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_frequency_idx" ON "properties" USING btree ("srv_frequency","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_card_type_idx" ON "properties" USING btree ("card_type","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_subtotal_idx" ON "properties" USING btree ("subtotal_mowing","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_total_idx" ON "properties" USING btree ("total_mowing","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_tax_rate_idx" ON "properties" USING btree ("tax_rate","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_updated_at_idx" ON "properties" USING btree ("updated_at","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_user_edit_idx" ON "properties" USING btree (lower("last_edited_by_name"),"status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_user_note_idx" ON "properties" USING btree (lower("last_note_by_name"),"status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_last_edited_by_idx" ON "properties" USING btree ("last_edited_by");--> statement-breakpoint
CREATE INDEX "properties_last_note_by_idx" ON "properties" USING btree ("last_note_by");--> statement-breakpoint
-- The properties.customer_*, market_name, last_edited_by_name and last_note_by_name columns are copies, so the
-- customer list filters, sorts and reads one table with an index per filter and sort (docs/adr/0004). A property
-- takes them from the rows they name whenever it is inserted or a referencing column (or a copy) is written; a change
-- of a customer, market or user is passed on to its properties in the same transaction.
CREATE FUNCTION properties_copy_lookups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.first_name, c.last_name, c.email, c.contact_number
    INTO NEW.customer_first_name, NEW.customer_last_name, NEW.customer_email, NEW.customer_phone
    FROM customers AS c WHERE c.id = NEW.customer_id;
  NEW.market_name := coalesce((SELECT m.name FROM markets AS m WHERE m.id = NEW.market_id), '');
  NEW.last_edited_by_name := (SELECT u.first_name || ' ' || u.last_name FROM users AS u WHERE u.id = NEW.last_edited_by);
  NEW.last_note_by_name := (SELECT u.first_name || ' ' || u.last_name FROM users AS u WHERE u.id = NEW.last_note_by);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_copy_lookups
  BEFORE INSERT OR UPDATE OF customer_id, market_id, last_edited_by, last_note_by, customer_first_name,
    customer_last_name, customer_email, customer_phone, market_name, last_edited_by_name, last_note_by_name
  ON properties FOR EACH ROW EXECUTE FUNCTION properties_copy_lookups();--> statement-breakpoint
CREATE FUNCTION customers_copy_to_properties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE properties
     SET customer_first_name = NEW.first_name, customer_last_name = NEW.last_name,
         customer_email = NEW.email, customer_phone = NEW.contact_number
   WHERE customer_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customers_copy_to_properties
  AFTER UPDATE OF first_name, last_name, email, contact_number ON customers FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
     OR OLD.email IS DISTINCT FROM NEW.email OR OLD.contact_number IS DISTINCT FROM NEW.contact_number)
  EXECUTE FUNCTION customers_copy_to_properties();--> statement-breakpoint
CREATE FUNCTION markets_copy_to_properties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE properties SET market_name = NEW.name WHERE market_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER markets_copy_to_properties
  AFTER UPDATE OF name ON markets FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION markets_copy_to_properties();--> statement-breakpoint
CREATE FUNCTION users_copy_to_properties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE properties SET last_edited_by_name = NEW.first_name || ' ' || NEW.last_name WHERE last_edited_by = NEW.id;
  UPDATE properties SET last_note_by_name = NEW.first_name || ' ' || NEW.last_name WHERE last_note_by = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_copy_to_properties
  AFTER UPDATE OF first_name, last_name ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION users_copy_to_properties();
