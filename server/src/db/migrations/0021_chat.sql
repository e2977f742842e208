CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"totp_secret" text NOT NULL,
	"last_totp_step" integer,
	"visitor_name" text NOT NULL,
	"visitor_email" text NOT NULL,
	"locale" text NOT NULL,
	"page" text NOT NULL,
	"city" text,
	"country" text,
	"location_error" text,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_message_by" text NOT NULL,
	"last_visitor_message_id" integer DEFAULT 0 NOT NULL,
	"staff_read_message_id" integer DEFAULT 0 NOT NULL,
	"visitor_seen_at" timestamp with time zone,
	"sales_notified_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "chat_conversations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "chat_conversations_status_check" CHECK ("chat_conversations"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"by" text NOT NULL,
	"body" text NOT NULL,
	"client_id" text,
	"staff_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_messages_by_check" CHECK ("chat_messages"."by" in ('user', 'bot', 'mattermost'))
);
--> statement-breakpoint
CREATE TABLE "chat_staff_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_staff_presence" ADD CONSTRAINT "chat_staff_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_status_activity_idx" ON "chat_conversations" USING btree ("status","last_message_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id_idx" ON "chat_messages" USING btree ("conversation_id","client_id");