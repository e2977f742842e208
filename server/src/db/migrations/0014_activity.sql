ALTER TABLE "audit_log" ADD COLUMN "actor_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_customer_idx" ON "audit_log" USING btree ("subject_customer_id","id");