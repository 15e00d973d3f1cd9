CREATE TABLE "device_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"result" jsonb,
	"source" text NOT NULL,
	"requested_by" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"acked_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_configs" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"type" text NOT NULL,
	"color" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heat_daily" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lat_cell" integer NOT NULL,
	"lng_cell" integer NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "heat_daily_site_id_day_lat_cell_lng_cell_pk" PRIMARY KEY("site_id","day","lat_cell","lng_cell")
);
--> statement-breakpoint
CREATE TABLE "trail_daily" (
	"device_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"coordinates" jsonb NOT NULL,
	"raw_points" integer NOT NULL,
	CONSTRAINT "trail_daily_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "car_serial_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "tracker_mode" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "server" text DEFAULT 'prod' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "bookable_online" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_configs" ADD CONSTRAINT "device_configs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heat_daily" ADD CONSTRAINT "heat_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_daily" ADD CONSTRAINT "trail_daily_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_daily" ADD CONSTRAINT "trail_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_device_issued_idx" ON "device_commands" USING btree ("device_id","issued_at");--> statement-breakpoint
CREATE INDEX "device_commands_open_idx" ON "device_commands" USING btree ("expires_at") WHERE finished_at is null;--> statement-breakpoint
CREATE INDEX "zones_site_idx" ON "zones" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "trail_daily_site_day_idx" ON "trail_daily" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "scheduled_jobs_run_at_idx" ON "scheduled_jobs" USING btree ("run_at");