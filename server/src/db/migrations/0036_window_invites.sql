CREATE TABLE "service_window_invites" (
	"window_id" uuid NOT NULL,
	"email" text NOT NULL,
	"customer_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"method" text NOT NULL,
	"group_name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_window_invites_window_id_email_pk" PRIMARY KEY("window_id","email")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "calendar_method" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "service_window_invites" ADD CONSTRAINT "service_window_invites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_window_invites_requests_idx" ON "service_window_invites" USING btree ("starts_at") WHERE "service_window_invites"."method" = 'REQUEST';