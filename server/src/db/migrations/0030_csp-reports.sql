CREATE TABLE "csp_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "csp_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone NOT NULL,
	"document_url" text NOT NULL,
	"blocked_url" text,
	"directive" text NOT NULL,
	"disposition" text,
	"sample" text,
	"source_file" text,
	"line_number" integer,
	"column_number" integer,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE INDEX "csp_reports_received_idx" ON "csp_reports" USING btree ("received_at");