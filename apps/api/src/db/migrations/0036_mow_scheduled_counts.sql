-- The market map reads a market-day's stops from mow_scheduled_days by (market, day): a GIN index of both columns
-- needs btree_gin's operator class for the integer.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "mow_scheduled_counts" (
	"market_id" integer NOT NULL,
	"day" date NOT NULL,
	"scheduled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mow_scheduled_counts_market_id_day_pk" PRIMARY KEY("market_id","day")
);
--> statement-breakpoint
CREATE TABLE "mow_scheduled_days" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"days" date[] DEFAULT '{}'::date[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mow_scheduled_days_market_days_idx" ON "mow_scheduled_days" USING gin ("market_id","days");--> statement-breakpoint
-- The days property `ids` takes a crew's time, as the availability counts them (docs/adr/0049), read from the rows as
-- they are now: the schedule's workdays in weeks neither skipped nor moved by a write-in (a week counted from its mow
-- year's start, the Monday on or before the last day of February), the write-ins' and redos' own days, and a pending
-- order's start date (held from the sign-up until its schedule is planned). None for a property deleted, rejected or
-- in a status that is not mowed (in service: 1 active, 3 no mailer, 6 stewart; order status 0 pending, 2 rejected).
-- A property that no longer exists has no row.
CREATE FUNCTION mow_scheduled_days_of(ids integer[])
RETURNS TABLE (property_id integer, market_id integer, days date[]) LANGUAGE sql STABLE AS $$
  WITH counted AS (
    SELECT p.id, p.status_orders, p.service_date FROM properties AS p
    WHERE p.id = ANY(ids) AND p.deleted_at IS NULL AND p.status_orders <> 2 AND p.status IN (1, 3, 6)
  ),
  taken AS (
    SELECT s.property_id, w.day
    FROM counted AS c
    JOIN property_schedules AS s ON s.property_id = c.id
    CROSS JOIN LATERAL unnest(s.workdays) AS w(day)
    WHERE NOT EXISTS (
      SELECT 1 FROM service_notes AS n
      WHERE n.property_id = s.property_id AND n.year = s.year AND n.type IN ('skip', 'write')
        AND n.week = (w.day - (make_date(s.year, 3, 1) - 1 - (make_date(s.year, 3, 1) - 1 - date '1900-01-01') % 7))
          / 7 + 1
    )
    UNION
    SELECT n.property_id, n.workday FROM counted AS c
    JOIN service_notes AS n ON n.property_id = c.id AND n.type IN ('write', 'redo')
    UNION
    SELECT c.id, c.service_date FROM counted AS c WHERE c.status_orders = 0 AND c.service_date IS NOT NULL
  )
  SELECT p.id, p.market_id, coalesce(t.days, '{}')
  FROM properties AS p
  LEFT JOIN (SELECT taken.property_id, array_agg(taken.day ORDER BY taken.day) AS days FROM taken GROUP BY 1) AS t
    ON t.property_id = p.id
  WHERE p.id = ANY(ids)
$$;--> statement-breakpoint
-- Brings the stored days of property `ids` up to date and moves the difference into mow_scheduled_counts, in the
-- caller's transaction. The stored rows are locked first (in id order), so two transactions changing the same
-- property apply their differences one after the other, each from what the other committed. Idempotent: a property
-- whose days did not change writes nothing, so firing twice for one change is harmless.
CREATE FUNCTION mow_scheduled_days_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM mow_scheduled_days AS d WHERE d.property_id = ANY(ids) ORDER BY d.property_id FOR UPDATE;
  WITH current_days AS (SELECT * FROM mow_scheduled_days_of(ids)),
  stored AS (SELECT * FROM mow_scheduled_days AS d WHERE d.property_id = ANY(ids)),
  changed AS (
    SELECT coalesce(n.property_id, s.property_id) AS property_id,
      s.market_id AS old_market_id, s.days AS old_days, n.market_id AS new_market_id, n.days AS new_days
    FROM current_days AS n FULL JOIN stored AS s ON s.property_id = n.property_id
    WHERE (n.market_id, n.days) IS DISTINCT FROM (s.market_id, s.days)
  ),
  counted AS (
    INSERT INTO mow_scheduled_counts AS counts (market_id, day, scheduled)
    SELECT moves.market_id, moves.day, sum(moves.delta) FROM (
      SELECT c.new_market_id AS market_id, d.day, 1 AS delta
      FROM changed AS c CROSS JOIN LATERAL unnest(c.new_days) AS d(day) WHERE c.new_market_id IS NOT NULL
      UNION ALL
      SELECT c.old_market_id, d.day, -1
      FROM changed AS c CROSS JOIN LATERAL unnest(c.old_days) AS d(day) WHERE c.old_market_id IS NOT NULL
    ) AS moves
    GROUP BY 1, 2 HAVING sum(moves.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (market_id, day) DO UPDATE SET scheduled = counts.scheduled + excluded.scheduled
  ),
  kept AS (
    INSERT INTO mow_scheduled_days AS d (property_id, market_id, days)
    SELECT c.property_id, c.new_market_id, c.new_days FROM changed AS c WHERE c.new_market_id IS NOT NULL
    ON CONFLICT (property_id) DO UPDATE SET market_id = excluded.market_id, days = excluded.days
  )
  DELETE FROM mow_scheduled_days AS d
  WHERE d.property_id IN (SELECT c.property_id FROM changed AS c WHERE c.new_market_id IS NULL);
END
$$;--> statement-breakpoint
-- Statement-level triggers with transition tables: one refresh per statement, so processing a year (thousands of
-- schedules per statement) stays one pass per batch. A property's change counts only when a column the days depend
-- on changes (most edits of the record change none of them).
CREATE FUNCTION mow_scheduled_days_properties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mow_scheduled_days_refresh(ARRAY(SELECT n.id FROM new_rows AS n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mow_scheduled_days_refresh(ARRAY(SELECT o.id FROM old_rows AS o));
  ELSE
    PERFORM mow_scheduled_days_refresh(ARRAY(
      SELECT n.id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE (n.market_id, n.status, n.status_orders, n.deleted_at, n.service_date)
        IS DISTINCT FROM (o.market_id, o.status, o.status_orders, o.deleted_at, o.service_date)
    ));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_scheduled_days_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_days_properties();--> statement-breakpoint
CREATE TRIGGER properties_scheduled_days_update AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_days_properties();--> statement-breakpoint
CREATE TRIGGER properties_scheduled_days_delete AFTER DELETE ON properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_days_properties();--> statement-breakpoint
CREATE FUNCTION mow_scheduled_days_schedules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mow_scheduled_days_refresh(ARRAY(SELECT DISTINCT n.property_id FROM new_rows AS n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mow_scheduled_days_refresh(ARRAY(SELECT DISTINCT o.property_id FROM old_rows AS o));
  ELSE
    PERFORM mow_scheduled_days_refresh(ARRAY(
      SELECT n.property_id FROM new_rows AS n JOIN old_rows AS o ON o.property_id = n.property_id AND o.year = n.year
      WHERE n.workdays IS DISTINCT FROM o.workdays
      UNION
      SELECT o.property_id FROM old_rows AS o
      WHERE NOT EXISTS (SELECT 1 FROM new_rows AS n WHERE n.property_id = o.property_id AND n.year = o.year)
      UNION
      SELECT n.property_id FROM new_rows AS n
      WHERE NOT EXISTS (SELECT 1 FROM old_rows AS o WHERE o.property_id = n.property_id AND o.year = n.year)
    ));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER property_schedules_scheduled_days_insert AFTER INSERT ON property_schedules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_days_schedules();--> statement-breakpoint
CREATE TRIGGER property_schedules_scheduled_days_update AFTER UPDATE ON property_schedules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_days_schedules();--> statement-breakpoint
CREATE TRIGGER property_schedules_scheduled_days_delete AFTER DELETE ON property_schedules
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_days_schedules();--> statement-breakpoint
CREATE FUNCTION mow_scheduled_days_notes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mow_scheduled_days_refresh(ARRAY(SELECT DISTINCT n.property_id FROM new_rows AS n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mow_scheduled_days_refresh(ARRAY(SELECT DISTINCT o.property_id FROM old_rows AS o));
  ELSE
    PERFORM mow_scheduled_days_refresh(ARRAY(
      SELECT n.property_id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE (n.property_id, n.year, n.week, n.type, n.workday)
        IS DISTINCT FROM (o.property_id, o.year, o.week, o.type, o.workday)
      UNION
      SELECT o.property_id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE (n.property_id, n.year, n.week, n.type, n.workday)
        IS DISTINCT FROM (o.property_id, o.year, o.week, o.type, o.workday)
    ));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER service_notes_scheduled_days_insert AFTER INSERT ON service_notes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_days_notes();--> statement-breakpoint
CREATE TRIGGER service_notes_scheduled_days_update AFTER UPDATE ON service_notes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_days_notes();--> statement-breakpoint
CREATE TRIGGER service_notes_scheduled_days_delete AFTER DELETE ON service_notes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_days_notes();--> statement-breakpoint
-- Recomputes every property's days and the counts from the rows: fills them here, repairs them if they ever drift
-- (`select mow_scheduled_counts_rebuild()`), and follows a truncate of any of the three tables. In slices of ids, so
-- each slice is planned with the sizes it has.
CREATE FUNCTION mow_scheduled_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first_id integer;
  last_id integer;
BEGIN
  LOCK TABLE properties, property_schedules, service_notes IN SHARE MODE;
  DELETE FROM mow_scheduled_days;
  DELETE FROM mow_scheduled_counts;
  SELECT coalesce(min(p.id), 1), coalesce(max(p.id), 0) INTO first_id, last_id FROM properties AS p;
  FOR slice_start IN first_id .. last_id BY 50000 LOOP
    INSERT INTO mow_scheduled_days (property_id, market_id, days)
    SELECT * FROM mow_scheduled_days_of(ARRAY(
      SELECT p.id FROM properties AS p WHERE p.id BETWEEN slice_start AND slice_start + 49999
    ));
  END LOOP;
  INSERT INTO mow_scheduled_counts (market_id, day, scheduled)
  SELECT d.market_id, w.day, count(*) FROM mow_scheduled_days AS d CROSS JOIN LATERAL unnest(d.days) AS w(day)
  GROUP BY 1, 2;
END
$$;--> statement-breakpoint
CREATE FUNCTION mow_scheduled_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mow_scheduled_counts_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_scheduled_days_truncate AFTER TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_counts_truncated();--> statement-breakpoint
CREATE TRIGGER property_schedules_scheduled_days_truncate AFTER TRUNCATE ON property_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_counts_truncated();--> statement-breakpoint
CREATE TRIGGER service_notes_scheduled_days_truncate AFTER TRUNCATE ON service_notes
  FOR EACH STATEMENT EXECUTE FUNCTION mow_scheduled_counts_truncated();--> statement-breakpoint
SELECT mow_scheduled_counts_rebuild();--> statement-breakpoint
ANALYZE mow_scheduled_days;--> statement-breakpoint
ANALYZE mow_scheduled_counts;
