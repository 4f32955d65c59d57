CREATE TABLE "market_customer_counts" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"active_customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_hourly_activity" (
	"market_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "market_hourly_activity_market_id_hour_pk" PRIMARY KEY("market_id","hour")
);
--> statement-breakpoint
ALTER TABLE "market_customer_counts" ADD CONSTRAINT "market_customer_counts_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_hourly_activity" ADD CONSTRAINT "market_hourly_activity_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboard's figures are kept by the writers' own statements (docs/adr/0051): every insert, update or delete of
-- properties or invoices adds what it changed to market_hourly_activity and market_customer_counts in the same
-- transaction, so no writer needs to know of them and the dashboard never scans the book. Statement triggers with
-- transition tables: a bulk load or a set-based update adds its change in one upsert per market and hour, not one
-- per row, and locks the figure rows in key order. Each row's share is counted on its new state and taken back on
-- its old one, so any change (a status, a market, a soft delete, a refund) moves the figures exactly.
-- A signup is a live property by the hour (UTC) it was created; an active customer a live property with status 1
-- (Active Customer) and order status 1 (approved), the customer list's default; revenue a paid invoice (status 1)
-- by the hour it was charged, in its property's market.
CREATE FUNCTION properties_dashboard_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Transition tables exist only for the events that have them; EXECUTE reads the ones this event has.
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT market_id, created_at, deleted_at, status, status_orders, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT market_id, created_at, deleted_at, status, status_orders, -1 AS sign FROM old_rows'
    ELSE 'SELECT market_id, created_at, deleted_at, status, status_orders, 1 AS sign FROM new_rows
          UNION ALL SELECT market_id, created_at, deleted_at, status, status_orders, -1 FROM old_rows'
  END;
BEGIN
  EXECUTE format($sql$
    WITH changed AS (%s),
    signups AS (
      INSERT INTO market_hourly_activity AS a (market_id, hour, signups)
      SELECT market_id, date_trunc('hour', created_at, 'UTC'), sum(sign)::int FROM changed
       WHERE deleted_at IS NULL
       GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
      ON CONFLICT (market_id, hour) DO UPDATE SET signups = a.signups + excluded.signups
    )
    INSERT INTO market_customer_counts AS c (market_id, active_customers)
    SELECT market_id, sum(sign)::int FROM changed
     WHERE deleted_at IS NULL AND status = 1 AND status_orders = 1
     GROUP BY 1 HAVING sum(sign) <> 0 ORDER BY 1
    ON CONFLICT (market_id) DO UPDATE SET active_customers = c.active_customers + excluded.active_customers
  $sql$, changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_dashboard_figures_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION properties_dashboard_figures();--> statement-breakpoint
CREATE TRIGGER properties_dashboard_figures_update AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION properties_dashboard_figures();--> statement-breakpoint
CREATE TRIGGER properties_dashboard_figures_delete AFTER DELETE ON properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION properties_dashboard_figures();--> statement-breakpoint
CREATE FUNCTION invoices_dashboard_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT property_id, status, charged_at, total, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT property_id, status, charged_at, total, -1 AS sign FROM old_rows'
    ELSE 'SELECT property_id, status, charged_at, total, 1 AS sign FROM new_rows
          UNION ALL SELECT property_id, status, charged_at, total, -1 FROM old_rows'
  END;
BEGIN
  EXECUTE format($sql$
    WITH changed AS (%s)
    INSERT INTO market_hourly_activity AS a (market_id, hour, revenue)
    SELECT p.market_id, date_trunc('hour', ch.charged_at, 'UTC'), sum(ch.sign * ch.total)
      FROM changed ch JOIN properties p ON p.id = ch.property_id
     WHERE ch.status = 1 AND ch.charged_at IS NOT NULL
     GROUP BY 1, 2 HAVING sum(ch.sign * ch.total) <> 0 ORDER BY 1, 2
    ON CONFLICT (market_id, hour) DO UPDATE SET revenue = a.revenue + excluded.revenue
  $sql$, changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER invoices_dashboard_figures_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_dashboard_figures();--> statement-breakpoint
CREATE TRIGGER invoices_dashboard_figures_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_dashboard_figures();--> statement-breakpoint
CREATE TRIGGER invoices_dashboard_figures_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_dashboard_figures();--> statement-breakpoint
-- The figures of what is already there, once.
INSERT INTO market_hourly_activity (market_id, hour, signups)
SELECT market_id, date_trunc('hour', created_at, 'UTC'), count(*)::int FROM properties
 WHERE deleted_at IS NULL GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO market_hourly_activity AS a (market_id, hour, revenue)
SELECT p.market_id, date_trunc('hour', i.charged_at, 'UTC'), sum(i.total)
  FROM invoices i JOIN properties p ON p.id = i.property_id
 WHERE i.status = 1 AND i.charged_at IS NOT NULL GROUP BY 1, 2
ON CONFLICT (market_id, hour) DO UPDATE SET revenue = excluded.revenue;--> statement-breakpoint
INSERT INTO market_customer_counts (market_id, active_customers)
SELECT market_id, count(*)::int FROM properties
 WHERE deleted_at IS NULL AND status = 1 AND status_orders = 1 GROUP BY 1;
