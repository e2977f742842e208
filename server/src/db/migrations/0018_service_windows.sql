CREATE TABLE "calendar_feeds" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "service_window_config_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by_id" uuid,
	"proposal_id" uuid
);
--> statement-breakpoint
CREATE TABLE "service_window_configs" (
	"tag_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "service_window_exemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"window_id" uuid NOT NULL,
	"certnames" text[] NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"requested_by_id" uuid,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" uuid,
	"resolution_comment" text
);
--> statement-breakpoint
CREATE TABLE "service_window_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"tag_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"base_version" integer,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"proposed_by_id" uuid,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" uuid,
	"resolution_comment" text
);
--> statement-breakpoint
CREATE TABLE "service_window_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"window_id" uuid NOT NULL,
	"server_id" uuid,
	"cluster_id" uuid,
	"certname" text NOT NULL,
	"exempted" boolean DEFAULT false NOT NULL,
	"reported_at" timestamp with time zone,
	"result" text,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "service_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"tag_id" uuid,
	"type" text NOT NULL,
	"local_date" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"reboot_allowed" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notice_minutes" integer DEFAULT 0 NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_config_versions" ADD CONSTRAINT "service_window_config_versions_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_config_versions" ADD CONSTRAINT "service_window_config_versions_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_configs" ADD CONSTRAINT "service_window_configs_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_configs" ADD CONSTRAINT "service_window_configs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_configs" ADD CONSTRAINT "service_window_configs_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_exemptions" ADD CONSTRAINT "service_window_exemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_exemptions" ADD CONSTRAINT "service_window_exemptions_window_id_service_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."service_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_exemptions" ADD CONSTRAINT "service_window_exemptions_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_exemptions" ADD CONSTRAINT "service_window_exemptions_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_proposals" ADD CONSTRAINT "service_window_proposals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_proposals" ADD CONSTRAINT "service_window_proposals_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_proposals" ADD CONSTRAINT "service_window_proposals_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_proposals" ADD CONSTRAINT "service_window_proposals_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_targets" ADD CONSTRAINT "service_window_targets_window_id_service_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."service_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_targets" ADD CONSTRAINT "service_window_targets_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_window_targets" ADD CONSTRAINT "service_window_targets_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_windows" ADD CONSTRAINT "service_windows_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_windows" ADD CONSTRAINT "service_windows_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_windows" ADD CONSTRAINT "service_windows_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "service_window_config_versions_key" ON "service_window_config_versions" USING btree ("tag_id","version");--> statement-breakpoint
CREATE INDEX "service_window_exemptions_customer_status_idx" ON "service_window_exemptions" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "service_window_proposals_customer_status_idx" ON "service_window_proposals" USING btree ("customer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "service_window_targets_key" ON "service_window_targets" USING btree ("window_id","certname");--> statement-breakpoint
CREATE INDEX "service_window_targets_server_idx" ON "service_window_targets" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "service_window_targets_cluster_idx" ON "service_window_targets" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_windows_group_day_key" ON "service_windows" USING btree ("tag_id","local_date");--> statement-breakpoint
CREATE INDEX "service_windows_customer_start_idx" ON "service_windows" USING btree ("customer_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "service_windows_status_end_idx" ON "service_windows" USING btree ("status","ends_at");