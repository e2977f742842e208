CREATE TABLE "finance_refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "finance_token_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ceiling_months" (
	"customer_id" text NOT NULL,
	"month" text NOT NULL,
	"reached_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"pre_approved_at" timestamp with time zone,
	"pre_approved_by" uuid,
	CONSTRAINT "ceiling_months_customer_id_month_pk" PRIMARY KEY("customer_id","month")
);
--> statement-breakpoint
CREATE TABLE "expense_ceilings" (
	"customer_id" text NOT NULL,
	"tag_id" uuid NOT NULL,
	"ceiling_eur" numeric(12, 2) NOT NULL,
	CONSTRAINT "expense_ceilings_customer_id_tag_id_pk" PRIMARY KEY("customer_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"number" text NOT NULL,
	"period" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"language" text NOT NULL,
	"recipient" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"vat_rate_percent" numeric(5, 2) NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"reverse_charge" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pending_plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"certname" text NOT NULL,
	"plan" text,
	"effective_at" timestamp with time zone NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"certname" text NOT NULL,
	"plan" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"trial" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance_refresh_tokens" ADD CONSTRAINT "finance_refresh_tokens_family_id_finance_token_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."finance_token_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_token_families" ADD CONSTRAINT "finance_token_families_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceiling_months" ADD CONSTRAINT "ceiling_months_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ceiling_months" ADD CONSTRAINT "ceiling_months_pre_approved_by_users_id_fk" FOREIGN KEY ("pre_approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_ceilings" ADD CONSTRAINT "expense_ceilings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_ceilings" ADD CONSTRAINT "expense_ceilings_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_plan_changes" ADD CONSTRAINT "pending_plan_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_plan_changes" ADD CONSTRAINT "pending_plan_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_periods" ADD CONSTRAINT "plan_periods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_refresh_tokens_family_id_idx" ON "finance_refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "finance_token_families_session_id_idx" ON "finance_token_families" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_customer_period_key" ON "invoices" USING btree ("customer_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_plan_changes_target_idx" ON "pending_plan_changes" USING btree ("customer_id","kind","certname");--> statement-breakpoint
CREATE INDEX "pending_plan_changes_effective_idx" ON "pending_plan_changes" USING btree ("effective_at");--> statement-breakpoint
CREATE INDEX "plan_periods_customer_starts_idx" ON "plan_periods" USING btree ("customer_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_periods_one_open_idx" ON "plan_periods" USING btree ("customer_id","kind","certname") WHERE "plan_periods"."ends_at" is null;