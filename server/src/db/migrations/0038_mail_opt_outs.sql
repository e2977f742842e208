CREATE TABLE "mail_opt_outs" (
	"email" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_opt_outs_email_category_pk" PRIMARY KEY("email","category")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "one_click_unsubscribe" boolean DEFAULT false NOT NULL;