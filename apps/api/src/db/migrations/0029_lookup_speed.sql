CREATE TABLE "customer_list_week_counts" (
	"year" smallint NOT NULL,
	"week_start" date NOT NULL,
	"market_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"status_orders" smallint NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_list_week_counts_pk" PRIMARY KEY("year","week_start","market_id","status","status_orders")
);
--> statement-breakpoint
ALTER TABLE "customer_list_counts" ADD COLUMN "is_cellphone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_list_counts" DROP CONSTRAINT "customer_list_counts_market_id_status_status_orders_pk";--> statement-breakpoint
ALTER TABLE "customer_list_counts" ADD CONSTRAINT "customer_list_counts_pk" PRIMARY KEY("market_id","status","status_orders","is_cellphone");--> statement-breakpoint
CREATE INDEX "properties_list_market_last_name_idx" ON "properties" USING btree ("market_id","status_orders","status",lower("customer_last_name"),"id","customer_last_name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_list_crew_day_idx" ON "properties" USING btree ("crew","week_day","status_orders","status","id") WHERE deleted_at is null;--> statement-breakpoint
-- The planner has no statistics of lower(last name) (PostgreSQL reads an expression's statistics from an index only
-- when it is not partial, and every list index is): a last-name bucket was estimated at 0.5 % of the rows instead of
-- a third, and its look-up planned a bitmap scan reading the whole range's rows for its first page.
CREATE STATISTICS "properties_last_name_stats" ON (lower("customer_last_name")) FROM "properties";--> statement-breakpoint
ANALYZE "properties";--> statement-breakpoint
-- The cellphone look-up matches half of the book: its total is read from customer_list_counts (docs/adr/0004), which
-- now counts by the property's copy of the customer's cellphone flag too.
CREATE OR REPLACE FUNCTION customer_list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_list_counts AS counts (market_id, status, status_orders, is_cellphone, total)
    SELECT market_id, status, status_orders, customer_is_cellphone, count(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (market_id, status, status_orders, is_cellphone) DO UPDATE SET total = counts.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO customer_list_counts AS counts (market_id, status, status_orders, is_cellphone, total)
    SELECT market_id, status, status_orders, customer_is_cellphone, -count(*) FROM old_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (market_id, status, status_orders, is_cellphone) DO UPDATE SET total = counts.total + excluded.total;
  ELSE
    INSERT INTO customer_list_counts AS counts (market_id, status, status_orders, is_cellphone, total)
    SELECT market_id, status, status_orders, customer_is_cellphone, sum(delta) FROM (
      SELECT market_id, status, status_orders, customer_is_cellphone, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT market_id, status, status_orders, customer_is_cellphone, -1 AS delta FROM old_rows WHERE deleted_at IS NULL
    ) AS changes
    GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (market_id, status, status_orders, is_cellphone) DO UPDATE SET total = counts.total + excluded.total;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_list_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE properties IN SHARE MODE;
  DELETE FROM customer_list_counts;
  INSERT INTO customer_list_counts (market_id, status, status_orders, is_cellphone, total)
  SELECT market_id, status, status_orders, customer_is_cellphone, count(*) FROM properties WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint
SELECT customer_list_counts_rebuild();
--> statement-breakpoint
-- The week look-up's total (docs/adr/0044): a season week is a service week of most weekly customers, so counting
-- it reads more than half of the year's schedules. customer_list_week_counts holds, per schedule year and mow week
-- (its Monday), the live properties with a workday in that week by (market, status, order status), like
-- customer_list_counts (docs/adr/0004). Statement-level triggers with transition tables keep it exact: one aggregate
-- per statement, so processing a year (thousands of schedules per statement) stays one pass. A property counts once
-- per week whatever the number of its workdays in it. `d - (d - date '1900-01-01') % 7` is the Monday of a date's
-- week (1900-01-01 was a Monday; integer arithmetic, cheaper than extract(isodow) on every workday).
CREATE FUNCTION customer_list_week_counts_schedules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_list_week_counts AS counts (year, week_start, market_id, status, status_orders, total)
    SELECT s.year, w.week_start, p.market_id, p.status, p.status_orders, count(*)
    FROM new_rows AS s
    JOIN properties AS p ON p.id = s.property_id AND p.deleted_at IS NULL
    CROSS JOIN LATERAL (
      SELECT DISTINCT d - (d - date '1900-01-01') % 7 AS week_start FROM unnest(s.workdays) AS d
    ) AS w
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (year, week_start, market_id, status, status_orders) DO UPDATE SET total = counts.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    -- A schedule deleted with its property (ON DELETE CASCADE) no longer finds it: the property's own delete
    -- trigger took its weeks out.
    INSERT INTO customer_list_week_counts AS counts (year, week_start, market_id, status, status_orders, total)
    SELECT s.year, w.week_start, p.market_id, p.status, p.status_orders, -count(*)
    FROM old_rows AS s
    JOIN properties AS p ON p.id = s.property_id AND p.deleted_at IS NULL
    CROSS JOIN LATERAL (
      SELECT DISTINCT d - (d - date '1900-01-01') % 7 AS week_start FROM unnest(s.workdays) AS d
    ) AS w
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (year, week_start, market_id, status, status_orders) DO UPDATE SET total = counts.total + excluded.total;
  ELSE
    INSERT INTO customer_list_week_counts AS counts (year, week_start, market_id, status, status_orders, total)
    SELECT s.year, w.week_start, p.market_id, p.status, p.status_orders, sum(s.delta)
    FROM (
      SELECT property_id, year, workdays, 1 AS delta FROM new_rows
      UNION ALL
      SELECT property_id, year, workdays, -1 AS delta FROM old_rows
    ) AS s
    JOIN properties AS p ON p.id = s.property_id AND p.deleted_at IS NULL
    CROSS JOIN LATERAL (
      SELECT DISTINCT d - (d - date '1900-01-01') % 7 AS week_start FROM unnest(s.workdays) AS d
    ) AS w
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(s.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (year, week_start, market_id, status, status_orders) DO UPDATE SET total = counts.total + excluded.total;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER property_schedules_week_counts_insert AFTER INSERT ON property_schedules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_list_week_counts_schedules();--> statement-breakpoint
CREATE TRIGGER property_schedules_week_counts_update AFTER UPDATE ON property_schedules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_list_week_counts_schedules();--> statement-breakpoint
CREATE TRIGGER property_schedules_week_counts_delete AFTER DELETE ON property_schedules
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_list_week_counts_schedules();--> statement-breakpoint
-- A property whose market, status or order status changes, or that is deleted or restored (deleted_at), moves its
-- service weeks of every year from the old key to the new one. Most updates change none of them: nothing is written.
CREATE FUNCTION customer_list_week_counts_properties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_list_week_counts AS counts (year, week_start, market_id, status, status_orders, total)
  SELECT s.year, w.week_start, c.market_id, c.status, c.status_orders, sum(c.delta)
  FROM (
    SELECT n.id, n.market_id, n.status, n.status_orders, 1 AS delta
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE n.deleted_at IS NULL AND (o.deleted_at IS NOT NULL
      OR (o.market_id, o.status, o.status_orders) IS DISTINCT FROM (n.market_id, n.status, n.status_orders))
    UNION ALL
    SELECT o.id, o.market_id, o.status, o.status_orders, -1 AS delta
    FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
    WHERE o.deleted_at IS NULL AND (n.deleted_at IS NOT NULL
      OR (o.market_id, o.status, o.status_orders) IS DISTINCT FROM (n.market_id, n.status, n.status_orders))
  ) AS c
  JOIN property_schedules AS s ON s.property_id = c.id
  CROSS JOIN LATERAL (
    SELECT DISTINCT d - (d - date '1900-01-01') % 7 AS week_start FROM unnest(s.workdays) AS d
  ) AS w
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (year, week_start, market_id, status, status_orders) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_week_counts_update AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_list_week_counts_properties();--> statement-breakpoint
-- A live property removed for good takes its weeks out while its schedules are still there (they go with it).
CREATE FUNCTION customer_list_week_counts_property_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    INSERT INTO customer_list_week_counts AS counts (year, week_start, market_id, status, status_orders, total)
    SELECT s.year, w.week_start, OLD.market_id, OLD.status, OLD.status_orders, -count(*)
    FROM property_schedules AS s
    CROSS JOIN LATERAL (
      SELECT DISTINCT d - (d - date '1900-01-01') % 7 AS week_start FROM unnest(s.workdays) AS d
    ) AS w
    WHERE s.property_id = OLD.id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (year, week_start, market_id, status, status_orders) DO UPDATE SET total = counts.total + excluded.total;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_week_counts_delete BEFORE DELETE ON properties
  FOR EACH ROW EXECUTE FUNCTION customer_list_week_counts_property_removed();--> statement-breakpoint
CREATE FUNCTION customer_list_week_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_list_week_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER property_schedules_week_counts_truncate AFTER TRUNCATE ON property_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION customer_list_week_counts_clear();--> statement-breakpoint
-- Recomputes the counts from the rows (fills them here; a repair tool; tests compare it with the maintained figures).
CREATE FUNCTION customer_list_week_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  LOCK TABLE properties, property_schedules IN SHARE MODE;
  DELETE FROM customer_list_week_counts;
  INSERT INTO customer_list_week_counts (year, week_start, market_id, status, status_orders, total)
  SELECT s.year, w.week_start, p.market_id, p.status, p.status_orders, count(*)
  FROM property_schedules AS s
  JOIN properties AS p ON p.id = s.property_id AND p.deleted_at IS NULL
  CROSS JOIN LATERAL (
    SELECT DISTINCT d - (d - date '1900-01-01') % 7 AS week_start FROM unnest(s.workdays) AS d
  ) AS w
  GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
SELECT customer_list_week_counts_rebuild();
