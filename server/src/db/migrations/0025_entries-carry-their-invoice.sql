ALTER TABLE "time_entries" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entries_invoice_idx" ON "time_entries" USING btree ("invoice_id");--> statement-breakpoint
-- Lines written before each named its month were all for the invoice's own month.
UPDATE "invoices" SET "lines" = (
  SELECT coalesce(jsonb_agg(CASE WHEN line->>'kind' = 'consultation' THEN line || jsonb_build_object('month', "invoices"."period") ELSE line END ORDER BY position), '[]'::jsonb)
  FROM jsonb_array_elements("invoices"."lines") WITH ORDINALITY AS element(line, position)
);--> statement-breakpoint
-- An entry was billed by its month's invoice when the month was approved before that invoice was written; the rest go on the next one.
UPDATE "time_entries" SET "invoice_id" = "invoices"."id"
FROM "invoices", "time_months"
WHERE "invoices"."customer_id" = "time_entries"."customer_id"
  AND "invoices"."period" = to_char("time_entries"."date", 'YYYY-MM')
  AND "time_months"."employee_id" = "time_entries"."employee_id"
  AND "time_months"."month" = "invoices"."period"
  AND "time_months"."status" = 'approved'
  AND "time_months"."decided_at" <= "invoices"."created_at"
  AND "time_entries"."billable";
