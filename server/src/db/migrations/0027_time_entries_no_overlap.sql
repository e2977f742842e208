-- An employee's entries never share a moment, however many requests race (decision 43).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_no_overlap" EXCLUDE USING gist ("employee_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&);
