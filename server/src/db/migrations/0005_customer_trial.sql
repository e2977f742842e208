ALTER TABLE "customers" ADD COLUMN "trial_plan" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "trial_ends_at" timestamp with time zone;