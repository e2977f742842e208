-- Trigrams for certname search; trusted, so the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "servers_customer_last_ping_idx";--> statement-breakpoint
CREATE INDEX "servers_customer_last_seen_idx" ON "servers" USING btree ("customer_id",coalesce("last_ping_at", 'epoch'::timestamptz),"certname");--> statement-breakpoint
CREATE INDEX "servers_customer_os_sort_idx" ON "servers" USING btree ("customer_id",(coalesce("distribution", '') || ' ' || coalesce("os_version", '')),"certname");--> statement-breakpoint
CREATE INDEX "servers_customer_plan_sort_idx" ON "servers" USING btree ("customer_id",coalesce("plan", ''),"certname");--> statement-breakpoint
CREATE INDEX "servers_customer_attention_idx" ON "servers" USING btree ("customer_id",(case when "status" = 'install_failed' or "last_run_status" = 'failed' then 0 when "status" = 'stale' then 1 else 2 end),"certname");--> statement-breakpoint
CREATE INDEX "servers_certname_trgm_idx" ON "servers" USING gin ("certname" gin_trgm_ops);