-- positions partitioned by month on ts (issue 22 item 5), so months past the retention are dropped as whole
-- tables (modules/history/positions-partitions.ts, the `positions-partitions` job) instead of deleted row by
-- row. The old table is renamed, its rows moved into the partitioned one and dropped, in this migration's
-- one transaction. Indexes and keys are built after the rows are in: faster than maintaining them per row.
-- Partitions are UTC months named positions_YYYY_MM. A DEFAULT partition takes reports whose tracker clock
-- is far off (1970, years ahead): without it such a row would fail the writer's whole batch, the other carts'
-- reports with it. It is kept small (the job moves its rows into a month's partition when it creates one and
-- deletes those past the retention), because creating a partition scans it. docs/operations.md, Sizing.
ALTER TABLE "positions" RENAME TO "positions_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "positions_id_seq" RENAME TO "positions_unpartitioned_id_seq";--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigserial NOT NULL,
	"device_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"speed" real NOT NULL,
	"batt_voltage" real
) PARTITION BY RANGE ("ts");--> statement-breakpoint
CREATE TABLE "positions_default" PARTITION OF "positions" DEFAULT;--> statement-breakpoint
-- A month for every month the rows reach back (at most 36: older rows of a wrong clock go to the default,
-- which the job cleans up) up to three months ahead; the job keeps the window moving from then on.
DO $$
DECLARE
  first_ts timestamptz;
  month timestamp;
BEGIN
  -- the oldest row per cart through the (device_id, ts) index, not a scan of the whole table
  SELECT min(f.ts) INTO first_ts FROM devices d
    CROSS JOIN LATERAL (SELECT ts FROM positions_unpartitioned p
                         WHERE p.device_id = d.id AND p.ts >= now() - interval '36 months' ORDER BY ts LIMIT 1) f;
  month := date_trunc('month', least(coalesce(first_ts, now()), now()) AT TIME ZONE 'UTC');
  WHILE month <= date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF positions FOR VALUES FROM (%L) TO (%L)',
                   'positions_' || to_char(month, 'YYYY_MM'),
                   to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00',
                   to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
    month := month + interval '1 month';
  END LOOP;
END $$;--> statement-breakpoint
SELECT setval('positions_id_seq', last_value, is_called) FROM positions_unpartitioned_id_seq;--> statement-breakpoint
INSERT INTO "positions" ("id", "device_id", "ts", "lat", "lng", "speed", "batt_voltage")
SELECT "id", "device_id", "ts", "lat", "lng", "speed", "batt_voltage" FROM "positions_unpartitioned";--> statement-breakpoint
DROP TABLE "positions_unpartitioned";--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_id_ts_pk" PRIMARY KEY("id","ts");--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "positions_device_ts_idx" ON "positions" USING btree ("device_id","ts");--> statement-breakpoint
-- The state writer updates each cart's row with every flush: room on the page keeps those updates HOT
-- (97 % measured, docs/performance.md). Applies to pages written from now on.
ALTER TABLE "devices" SET (fillfactor = 50);
