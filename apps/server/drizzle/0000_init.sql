CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"role" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"sites" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_email_unique" UNIQUE("email"),
	CONSTRAINT "invites_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"sites" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"last_seen" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"template" text NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"center_lat_long" text NOT NULL,
	"timezone" text NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"booking_offset" integer DEFAULT 0 NOT NULL,
	"booking_integration" boolean DEFAULT false NOT NULL,
	"auto_lock" text DEFAULT '0' NOT NULL,
	"lock_from" text DEFAULT '00:00' NOT NULL,
	"round_timeout" integer DEFAULT 0 NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"wifi_enabled" text DEFAULT '0' NOT NULL,
	"wifi_ssid" text DEFAULT '' NOT NULL,
	"wifi_password" text DEFAULT '' NOT NULL,
	"recovery_mode" boolean DEFAULT false NOT NULL,
	"master_unlock" text,
	"keyless" boolean DEFAULT true NOT NULL,
	"keypad_enabled" boolean DEFAULT false NOT NULL,
	"members_module" boolean DEFAULT false NOT NULL,
	"scan_to_ride_toggle" boolean DEFAULT false NOT NULL,
	"trail_points" integer DEFAULT 10 NOT NULL,
	"min_ride_duration" integer DEFAULT 2 NOT NULL,
	"staging" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"secret_hash" text NOT NULL,
	"site_id" uuid NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"car_number" text,
	"car_name" text DEFAULT '' NOT NULL,
	"car_icon" text,
	"car_note" text DEFAULT '' NOT NULL,
	"lock_code" text,
	"lock_status" smallint DEFAULT 1 NOT NULL,
	"key" text DEFAULT '0' NOT NULL,
	"key_alarm" text DEFAULT '0' NOT NULL,
	"in_use" boolean DEFAULT false NOT NULL,
	"in_service" boolean DEFAULT true NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"speed" real,
	"heading" real,
	"gps_lock" smallint,
	"con_type" text,
	"wifi_signal" real,
	"gprs_signal" real,
	"batt_voltage" real,
	"batt_charge" boolean DEFAULT false NOT NULL,
	"odometer" double precision,
	"odometer_offset" double precision DEFAULT 0 NOT NULL,
	"uptime" integer,
	"temp" real,
	"firmware" text,
	"last_report_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"lock_updated_at" timestamp with time zone,
	"updates" text[] DEFAULT '{}'::text[] NOT NULL,
	"config_version" integer DEFAULT 0 NOT NULL,
	"config_acked_version" integer DEFAULT 0 NOT NULL,
	"vehicle_info" jsonb,
	"hardware_info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_serial_unique" UNIQUE("serial")
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"speed" real NOT NULL,
	"batt_voltage" real
);
--> statement-breakpoint
CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid,
	"site_id" uuid,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_secrets" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "devices_site_idx" ON "devices" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_site_car_number_idx" ON "devices" USING btree ("site_id","car_number");--> statement-breakpoint
CREATE INDEX "positions_device_ts_idx" ON "positions" USING btree ("device_id","ts");--> statement-breakpoint
CREATE INDEX "activity_device_created_idx" ON "activity" USING btree ("device_id","created_at");