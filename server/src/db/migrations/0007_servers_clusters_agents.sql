CREATE TABLE "agent_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"server_id" uuid,
	"tag_id" uuid,
	"target_name" text NOT NULL,
	"roles" text[] NOT NULL,
	"parameters" jsonb NOT NULL,
	"base_yaml" text NOT NULL,
	"proposed_yaml" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"resolved_by_id" uuid,
	"resolved_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cluster_tags" (
	"cluster_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "cluster_tags_cluster_id_tag_id_pk" PRIMARY KEY("cluster_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"name" text NOT NULL,
	"certname" text NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"kubernetes_version" text,
	"suite_version" text,
	"control_plane_replicas" integer DEFAULT 3 NOT NULL,
	"node_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"node_count" integer DEFAULT 0 NOT NULL,
	"plan" text,
	"status" text DEFAULT 'registered' NOT NULL,
	"last_ping_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"contact_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "contact_tags_contact_id_tag_id_pk" PRIMARY KEY("contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_switches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"feature_id" text NOT NULL,
	"tag_id" uuid,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_id" uuid,
	CONSTRAINT "feature_switches_scope_key" UNIQUE NULLS NOT DISTINCT("customer_id","feature_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "install_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"certname" text NOT NULL,
	"server_id" uuid,
	"cluster_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "server_tags" (
	"server_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "server_tags_server_id_tag_id_pk" PRIMARY KEY("server_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"certname" text NOT NULL,
	"hostname" text NOT NULL,
	"plan" text,
	"status" text DEFAULT 'registered' NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"os_family" text,
	"distribution" text,
	"os_version" text,
	"kernel" text,
	"location" text,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"install_failure_reason" text,
	"agent_credential_hash" text,
	"last_ping_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_run_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "parameters" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_tags" ADD CONSTRAINT "cluster_tags_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_tags" ADD CONSTRAINT "cluster_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_switches" ADD CONSTRAINT "feature_switches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_switches" ADD CONSTRAINT "feature_switches_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_switches" ADD CONSTRAINT "feature_switches_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_tokens" ADD CONSTRAINT "install_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_tokens" ADD CONSTRAINT "install_tokens_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_tokens" ADD CONSTRAINT "install_tokens_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_tokens" ADD CONSTRAINT "install_tokens_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_tags" ADD CONSTRAINT "server_tags_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_tags" ADD CONSTRAINT "server_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_runs_server_started_idx" ON "agent_runs" USING btree ("server_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_customer_number_key" ON "change_requests" USING btree ("customer_id","number");--> statement-breakpoint
CREATE INDEX "change_requests_customer_status_idx" ON "change_requests" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "cluster_tags_tag_idx" ON "cluster_tags" USING btree ("tag_id","cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clusters_certname_key" ON "clusters" USING btree ("certname");--> statement-breakpoint
CREATE INDEX "clusters_customer_certname_idx" ON "clusters" USING btree ("customer_id","certname");--> statement-breakpoint
CREATE INDEX "contact_tags_tag_idx" ON "contact_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "contacts_customer_name_idx" ON "contacts" USING btree ("customer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "install_tokens_hash_key" ON "install_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "server_tags_tag_idx" ON "server_tags" USING btree ("tag_id","server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "servers_certname_key" ON "servers" USING btree ("certname");--> statement-breakpoint
CREATE UNIQUE INDEX "servers_agent_credential_key" ON "servers" USING btree ("agent_credential_hash");--> statement-breakpoint
CREATE INDEX "servers_customer_certname_idx" ON "servers" USING btree ("customer_id","certname");--> statement-breakpoint
CREATE INDEX "servers_customer_last_ping_idx" ON "servers" USING btree ("customer_id","last_ping_at","certname");--> statement-breakpoint
CREATE INDEX "servers_customer_status_idx" ON "servers" USING btree ("customer_id","status","certname");--> statement-breakpoint
CREATE INDEX "servers_customer_os_idx" ON "servers" USING btree ("customer_id","distribution","os_version","certname");--> statement-breakpoint
CREATE INDEX "servers_customer_plan_idx" ON "servers" USING btree ("customer_id","plan","certname");--> statement-breakpoint
CREATE INDEX "servers_status_last_ping_idx" ON "servers" USING btree ("status","last_ping_at");