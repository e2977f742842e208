CREATE TABLE "server_heartbeats" (
	"server_id" uuid PRIMARY KEY NOT NULL,
	"last_ping_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "server_heartbeats" ADD CONSTRAINT "server_heartbeats_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Half of each page left free, so a ping's new row version fits on its page and is a HOT update.
ALTER TABLE "server_heartbeats" SET (fillfactor = 50);
