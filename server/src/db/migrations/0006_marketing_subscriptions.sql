CREATE TABLE "marketing_subscriptions" (
	"email" text PRIMARY KEY NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"feedback" text,
	"updated_at" timestamp with time zone NOT NULL
);
