ALTER TABLE "service_windows" ADD COLUMN "outcome_sent_at" timestamp with time zone;--> statement-breakpoint
-- Windows that ended before outcomes were sent are not reported now.
UPDATE "service_windows" SET "outcome_sent_at" = "ends_at" WHERE "status" IN ('closed', 'expired');
