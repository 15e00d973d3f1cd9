ALTER TABLE "device_commands" ADD COLUMN "requested_by_code" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credits" integer;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_requested_by_code_codes_id_fk" FOREIGN KEY ("requested_by_code") REFERENCES "public"."codes"("id") ON DELETE set null ON UPDATE no action;