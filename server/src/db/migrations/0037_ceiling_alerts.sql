CREATE TABLE "ceiling_alerts" (
	"customer_id" text NOT NULL,
	"month" text NOT NULL,
	"scope" text NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ceiling_alerts_customer_id_month_scope_threshold_pk" PRIMARY KEY("customer_id","month","scope","threshold")
);
--> statement-breakpoint
ALTER TABLE "ceiling_alerts" ADD CONSTRAINT "ceiling_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceiling_months" DROP COLUMN "mailed_at";