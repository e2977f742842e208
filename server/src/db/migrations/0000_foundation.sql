CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_email" text NOT NULL,
	"subject_customer_id" text NOT NULL,
	"reason" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer,
	"ip" text,
	"request_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"alert_email" text,
	"att_email" text,
	"att_name" text,
	"billing_address" text,
	"billing_country" text,
	"billing_email" text,
	"billing_email_cc" text,
	"billing_language" text DEFAULT 'en' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"credit_days" integer DEFAULT 14 NOT NULL,
	"invoice_day_of_month" integer DEFAULT 1 NOT NULL,
	"latest_invoice_id" text,
	"serial_num" integer DEFAULT 1 NOT NULL,
	"timezone" text DEFAULT 'Europe/Copenhagen' NOT NULL,
	"vat_id" text,
	"vat_rate" numeric(5, 2) DEFAULT 25 NOT NULL,
	"expense_ceiling_eur" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"subscription" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"level" integer,
	"location" text,
	"price_eur" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"impersonator_id" uuid,
	"impersonation_reason" text,
	"impersonation_started_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"consulting_level" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));