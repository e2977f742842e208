CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"message" text,
	"locale" text NOT NULL,
	"cv_name" text NOT NULL,
	"cv_type" text NOT NULL,
	"cv_size" integer NOT NULL,
	"cv" "bytea" NOT NULL,
	"source_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment" "bytea";--> statement-breakpoint
CREATE INDEX "job_applications_created_idx" ON "job_applications" USING btree ("created_at");