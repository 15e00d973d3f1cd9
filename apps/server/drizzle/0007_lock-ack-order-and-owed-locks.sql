ALTER TABLE "devices" ADD COLUMN "lock_acked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "lock_owed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "lock_owed_by" text;