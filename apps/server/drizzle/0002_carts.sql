CREATE TABLE "heat_weekly" (
	"site_id" uuid NOT NULL,
	"week" date NOT NULL,
	"lat_cell" integer NOT NULL,
	"lng_cell" integer NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "heat_weekly_site_id_week_lat_cell_lng_cell_pk" PRIMARY KEY("site_id","week","lat_cell","lng_cell")
);
--> statement-breakpoint
CREATE TABLE "history_rollups" (
	"site_id" uuid NOT NULL,
	"span" smallint NOT NULL,
	"day" date NOT NULL,
	"upto" timestamp with time zone NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "history_rollups_site_id_span_day_pk" PRIMARY KEY("site_id","span","day")
);
--> statement-breakpoint
CREATE TABLE "trail_weekly" (
	"device_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"week" date NOT NULL,
	"coordinates" jsonb NOT NULL,
	"raw_points" integer NOT NULL,
	CONSTRAINT "trail_weekly_device_id_week_pk" PRIMARY KEY("device_id","week")
);
--> statement-breakpoint
ALTER TABLE "heat_weekly" ADD CONSTRAINT "heat_weekly_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_rollups" ADD CONSTRAINT "history_rollups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_weekly" ADD CONSTRAINT "trail_weekly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_weekly" ADD CONSTRAINT "trail_weekly_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trail_weekly_site_week_idx" ON "trail_weekly" USING btree ("site_id","week");