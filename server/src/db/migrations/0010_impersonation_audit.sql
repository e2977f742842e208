ALTER TABLE "change_requests" ADD COLUMN "opened_by_impersonator_id" uuid;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "opened_by_impersonator_name" text;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_opened_by_impersonator_id_users_id_fk" FOREIGN KEY ("opened_by_impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- TRUNCATE skips row triggers, so the append-only guard needs a statement trigger of its own.
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
