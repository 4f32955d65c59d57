-- The market map reads a market-day's markers from mow_scheduled_days alone (docs/adr/0057): each row keeps a copy of
-- its property's crew, coordinates and whether it is in service (live, approved, in a status that is mowed: 1 active,
-- 3 no mailer, 6 stewart), so the day's stops, found by the (market, days) index, need not read the properties' rows.
ALTER TABLE "mow_scheduled_days" ADD COLUMN "crew" integer;--> statement-breakpoint
ALTER TABLE "mow_scheduled_days" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "mow_scheduled_days" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "mow_scheduled_days" ADD COLUMN "is_in_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Whether a property is served, written once for the two triggers below.
CREATE FUNCTION mow_scheduled_days_is_in_service(deleted_at timestamptz, status_orders smallint, status smallint)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT deleted_at IS NULL AND status_orders = 1 AND status IN (1, 3, 6)
$$;--> statement-breakpoint
-- A stored row starts with its property's copy (the days' refresh and rebuild insert rows knowing only the days).
CREATE FUNCTION mow_scheduled_days_point_of_property() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.crew, p.lat, p.lng, mow_scheduled_days_is_in_service(p.deleted_at, p.status_orders, p.status)
  INTO NEW.crew, NEW.lat, NEW.lng, NEW.is_in_service
  FROM properties AS p WHERE p.id = NEW.property_id;
  NEW.is_in_service := coalesce(NEW.is_in_service, false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER mow_scheduled_days_point_insert BEFORE INSERT ON mow_scheduled_days
  FOR EACH ROW EXECUTE FUNCTION mow_scheduled_days_point_of_property();--> statement-breakpoint
-- An update of properties copies a changed crew, position or service state to their stored rows, in the writer's
-- transaction. The rows are locked in id order first, as the days' refresh locks them, so the two never deadlock on
-- each other. Statement-level with transition tables (no column list is allowed with them): one pass per statement.
CREATE FUNCTION mow_scheduled_days_points() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  ids := ARRAY(
    SELECT n.id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE (n.crew, n.lat, n.lng, n.deleted_at, n.status_orders, n.status)
      IS DISTINCT FROM (o.crew, o.lat, o.lng, o.deleted_at, o.status_orders, o.status)
    ORDER BY n.id
  );
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM mow_scheduled_days AS d WHERE d.property_id = ANY(ids) ORDER BY d.property_id FOR UPDATE;
  UPDATE mow_scheduled_days AS d
  SET crew = p.crew, lat = p.lat, lng = p.lng,
    is_in_service = mow_scheduled_days_is_in_service(p.deleted_at, p.status_orders, p.status)
  FROM properties AS p
  WHERE p.id = ANY(ids) AND d.property_id = p.id
    AND (d.crew, d.lat, d.lng, d.is_in_service)
      IS DISTINCT FROM (p.crew, p.lat, p.lng, mow_scheduled_days_is_in_service(p.deleted_at, p.status_orders, p.status));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_scheduled_points_update AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_days_points();--> statement-breakpoint
UPDATE mow_scheduled_days AS d
SET crew = p.crew, lat = p.lat, lng = p.lng,
  is_in_service = mow_scheduled_days_is_in_service(p.deleted_at, p.status_orders, p.status)
FROM properties AS p WHERE p.id = d.property_id;--> statement-breakpoint
ANALYZE mow_scheduled_days;
