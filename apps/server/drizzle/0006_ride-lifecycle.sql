ALTER TABLE "rides" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "unlock_code" text;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "unlock_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "unlock_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "guest_retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "points" integer;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "too_short" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "few_points" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "rides_device_start_idx" ON "rides" USING btree ("device_id","start");