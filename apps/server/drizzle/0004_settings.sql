CREATE TABLE "sandbox_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"business_name" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "published_settings" jsonb;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "cover" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "public_profile" jsonb DEFAULT '{"active":false,"name":"","description":"","termsAndConditions":"","website":"","address":{"street":"","city":"","postcode":"","country":""}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "stripe_account_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "revenue_share_method" text DEFAULT 'percentage' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "revenue_share_percentage" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "revenue_share_fixed_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD CONSTRAINT "sandbox_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;