-- Hand-written lines (drizzle-kit cannot express exclusion constraints; db/tables/bookings.ts explains
-- them): btree_gist first, for the GiST indexes on uuid columns. It is a trusted extension: the database
-- owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"booking_type" text DEFAULT 'booking' NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"source" text DEFAULT 'staff' NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"code" text,
	"member_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"note" text DEFAULT '' NOT NULL,
	"service_id" uuid,
	"price_id" uuid,
	"amount" integer,
	"pre_paid" boolean DEFAULT false NOT NULL,
	"schedule_unlock" boolean DEFAULT false NOT NULL,
	"auto_unlock_tried_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_end_after_start" CHECK ("bookings"."end" > "bookings"."start"),
	CONSTRAINT "bookings_blocked_after_end" CHECK ("bookings"."blocked_until" >= "bookings"."end")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "booking_turnaround" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_site_start_idx" ON "bookings" USING btree ("site_id","start");--> statement-breakpoint
CREATE INDEX "bookings_site_hold_idx" ON "bookings" USING gist ("site_id",tstzrange("start", "blocked_until", '[)'));--> statement-breakpoint
CREATE INDEX "bookings_live_end_idx" ON "bookings" USING btree ("end") WHERE "bookings"."status" in ('confirmed', 'payment_pending');
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_double_booking" EXCLUDE USING gist ("device_id" WITH =, tstzrange("start", "blocked_until", '[)') WITH &&) WHERE ("status" NOT IN ('cancelled', 'failed'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_code_in_use" EXCLUDE USING gist ("site_id" WITH =, "code" WITH =, tstzrange("created_at", greatest("created_at", "end"), '[)') WITH &&) WHERE ("status" NOT IN ('cancelled', 'failed') AND "code" IS NOT NULL);
