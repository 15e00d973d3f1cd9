CREATE TABLE "dashboard_booking_days" (
	"site_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_booking_days_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_booking_hours" (
	"site_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_booking_hours_site_id_hour_pk" PRIMARY KEY("site_id","hour")
);
--> statement-breakpoint
CREATE TABLE "dashboard_payment_days" (
	"site_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_payment_days_site_id_day_currency_pk" PRIMARY KEY("site_id","day","currency")
);
--> statement-breakpoint
CREATE TABLE "dashboard_payment_hours" (
	"site_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_payment_hours_site_id_hour_currency_pk" PRIMARY KEY("site_id","hour","currency")
);
--> statement-breakpoint
ALTER TABLE "dashboard_booking_days" ADD CONSTRAINT "dashboard_booking_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_booking_hours" ADD CONSTRAINT "dashboard_booking_hours_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_payment_days" ADD CONSTRAINT "dashboard_payment_days_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_payment_hours" ADD CONSTRAINT "dashboard_payment_hours_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_booking_days_day_idx" ON "dashboard_booking_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_booking_hours_hour_idx" ON "dashboard_booking_hours" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "dashboard_payment_days_day_idx" ON "dashboard_payment_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_payment_hours_hour_idx" ON "dashboard_payment_hours" USING btree ("hour");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express triggers). The rollups are kept by statement triggers on
-- bookings and payments, in the writer's transaction, so they are exact whichever module or script writes
-- (docs/decisions.md "Admin dashboard rollups"). Each statement's old rows count -1 and its new rows +1
-- under the dashboard's rule (admin-dashboard.repository.ts); the net change per site and UTC hour (and
-- UTC day) is added in key order, so concurrent writers lock rollup rows in the same order. Sites no longer
-- there (a site's deletion cascading to its rows) are skipped: their rollup rows cascade away themselves.
-- Hours and days are truncated in UTC explicitly: date_trunc on a timestamptz would use the session's zone.
CREATE FUNCTION "dashboard_roll_bookings"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN 'SELECT site_id, start, booking_type, status, 1 AS sign FROM new_rows' END,
    CASE WHEN TG_OP <> 'INSERT' THEN 'SELECT site_id, start, booking_type, status, -1 AS sign FROM old_rows' END);
BEGIN
  -- Most updates (unlock attempts, notes, codes) change nothing the dashboard counts: skip them cheaply.
  -- (Nested: an INSERT or DELETE trigger has no old_rows or new_rows to plan the check with.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.site_id, o.start, o.booking_type, o.status) IS DISTINCT FROM (n.site_id, n.start, n.booking_type, n.status)
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  EXECUTE format($q$
    WITH hours AS (
      SELECT c.site_id, date_trunc('hour', c.start, 'UTC') AS hour,
             sum(c.sign) FILTER (WHERE c.status <> 'cancelled') AS booked,
             sum(c.sign) FILTER (WHERE c.status = 'cancelled') AS cancelled
      FROM (%s) AS c JOIN sites s ON s.id = c.site_id
      WHERE c.booking_type <> 'cart_maintenance'
        AND c.status IN ('confirmed', 'payment_pending', 'no_show', 'cancelled')
      GROUP BY 1, 2
      HAVING coalesce(sum(c.sign) FILTER (WHERE c.status <> 'cancelled'), 0) <> 0
          OR coalesce(sum(c.sign) FILTER (WHERE c.status = 'cancelled'), 0) <> 0
    ),
    rolled_hours AS (
      INSERT INTO dashboard_booking_hours AS r (site_id, hour, booked, cancelled)
      SELECT site_id, hour, coalesce(booked, 0), coalesce(cancelled, 0) FROM hours ORDER BY site_id, hour
      ON CONFLICT (site_id, hour) DO UPDATE
        SET booked = r.booked + excluded.booked, cancelled = r.cancelled + excluded.cancelled
    )
    INSERT INTO dashboard_booking_days AS r (site_id, day, booked, cancelled)
    SELECT site_id, date_trunc('day', hour, 'UTC'), coalesce(sum(booked), 0), coalesce(sum(cancelled), 0)
    FROM hours GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (site_id, day) DO UPDATE
      SET booked = r.booked + excluded.booked, cancelled = r.cancelled + excluded.cancelled
  $q$, changes);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_roll_payments"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN
      'SELECT site_id, succeeded_at, currency, total, 1 AS sign FROM new_rows '
      'WHERE status = ''succeeded'' AND refunded_at IS NULL AND succeeded_at IS NOT NULL' END,
    CASE WHEN TG_OP <> 'INSERT' THEN
      'SELECT site_id, succeeded_at, currency, total, -1 AS sign FROM old_rows '
      'WHERE status = ''succeeded'' AND refunded_at IS NULL AND succeeded_at IS NOT NULL' END);
BEGIN
  -- Most updates (checkout steps, metadata, fees) change nothing the dashboard counts: skip them cheaply.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.site_id, o.succeeded_at, o.currency, o.total, o.status, o.refunded_at)
            IS DISTINCT FROM (n.site_id, n.succeeded_at, n.currency, n.total, n.status, n.refunded_at)
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  EXECUTE format($q$
    WITH hours AS (
      SELECT c.site_id, date_trunc('hour', c.succeeded_at, 'UTC') AS hour, c.currency,
             sum(c.sign * c.total::bigint) AS amount, sum(c.sign) AS count
      FROM (%s) AS c JOIN sites s ON s.id = c.site_id
      GROUP BY 1, 2, 3
      HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total::bigint) <> 0
    ),
    rolled_hours AS (
      INSERT INTO dashboard_payment_hours AS r (site_id, hour, currency, amount, count)
      SELECT site_id, hour, currency, amount, count FROM hours ORDER BY site_id, hour, currency
      ON CONFLICT (site_id, hour, currency) DO UPDATE
        SET amount = r.amount + excluded.amount, count = r.count + excluded.count
    )
    INSERT INTO dashboard_payment_days AS r (site_id, day, currency, amount, count)
    SELECT site_id, date_trunc('day', hour, 'UTC'), currency, sum(amount), sum(count)
    FROM hours GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (site_id, day, currency) DO UPDATE
      SET amount = r.amount + excluded.amount, count = r.count + excluded.count
  $q$, changes);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A trigger with transition tables serves one event, hence three per table.
CREATE TRIGGER "bookings_dashboard_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_roll_bookings"();--> statement-breakpoint
CREATE TRIGGER "bookings_dashboard_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_roll_bookings"();--> statement-breakpoint
CREATE TRIGGER "bookings_dashboard_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_roll_bookings"();--> statement-breakpoint
CREATE TRIGGER "payments_dashboard_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_roll_payments"();--> statement-breakpoint
CREATE TRIGGER "payments_dashboard_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_roll_payments"();--> statement-breakpoint
CREATE TRIGGER "payments_dashboard_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_roll_payments"();--> statement-breakpoint
-- Backfill: the rows that existed. The triggers above already hold the tables' write locks (this runs in the
-- migration's transaction), so no write falls between the fill and the triggers.
INSERT INTO dashboard_booking_hours (site_id, hour, booked, cancelled)
SELECT site_id, date_trunc('hour', start, 'UTC'), count(*) FILTER (WHERE status <> 'cancelled'),
       count(*) FILTER (WHERE status = 'cancelled')
FROM bookings
WHERE booking_type <> 'cart_maintenance' AND status IN ('confirmed', 'payment_pending', 'no_show', 'cancelled')
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO dashboard_booking_days (site_id, day, booked, cancelled)
SELECT site_id, date_trunc('day', hour, 'UTC'), sum(booked), sum(cancelled)
FROM dashboard_booking_hours GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO dashboard_payment_hours (site_id, hour, currency, amount, count)
SELECT site_id, date_trunc('hour', succeeded_at, 'UTC'), currency, sum(total), count(*)
FROM payments
WHERE status = 'succeeded' AND refunded_at IS NULL AND succeeded_at IS NOT NULL
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO dashboard_payment_days (site_id, day, currency, amount, count)
SELECT site_id, date_trunc('day', hour, 'UTC'), currency, sum(amount), sum(count)
FROM dashboard_payment_hours GROUP BY 1, 2, 3;
