CREATE TABLE "device_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"type" text NOT NULL,
	"command_id" uuid,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_system_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"batch_id" text NOT NULL,
	"line" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"store_key" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"file_id" uuid,
	"command_id" uuid,
	"from_version" text,
	"version" text NOT NULL,
	"status" smallint NOT NULL,
	"error" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_sandbox_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"iccid" text NOT NULL,
	"sim_status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_sandbox_endpoints_iccid_unique" UNIQUE("iccid")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "firmware_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "firmware_target" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "gprs_ccid" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "gprs_carrier" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "sim_endpoint_id" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "battery_calibration" real DEFAULT 75 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_system_logs" ADD CONSTRAINT "device_system_logs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_files" ADD CONSTRAINT "firmware_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_updates" ADD CONSTRAINT "firmware_updates_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_updates" ADD CONSTRAINT "firmware_updates_file_id_firmware_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."firmware_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_updates" ADD CONSTRAINT "firmware_updates_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_updates" ADD CONSTRAINT "firmware_updates_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_logs_device_type_created_idx" ON "device_logs" USING btree ("device_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_system_logs_batch_line_idx" ON "device_system_logs" USING btree ("device_id","batch_id","line");--> statement-breakpoint
CREATE INDEX "device_system_logs_device_ts_idx" ON "device_system_logs" USING btree ("device_id","ts");--> statement-breakpoint
CREATE INDEX "device_system_logs_received_idx" ON "device_system_logs" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_files_folder_name_idx" ON "firmware_files" USING btree ("folder","name");--> statement-breakpoint
CREATE INDEX "firmware_updates_device_created_idx" ON "firmware_updates" USING btree ("device_id","created_at");