ALTER TABLE "customers" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD COLUMN "terms_version" text;