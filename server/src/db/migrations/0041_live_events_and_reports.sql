CREATE TABLE "portal_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"customer_id" text,
	"session_id" text,
	"data" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_ping_days" (
	"server_id" uuid NOT NULL,
	"day" date NOT NULL,
	"pings" integer NOT NULL,
	CONSTRAINT "server_ping_days_server_id_day_pk" PRIMARY KEY("server_id","day")
);
--> statement-breakpoint
CREATE TABLE "service_report_mailings" (
	"customer_id" text NOT NULL,
	"month" text NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_report_mailings_customer_id_month_pk" PRIMARY KEY("customer_id","month")
);
--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "decommissioned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "decommissioned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "server_ping_days" ADD CONSTRAINT "server_ping_days_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_report_mailings" ADD CONSTRAINT "service_report_mailings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_events_at_idx" ON "portal_events" USING btree ("at");