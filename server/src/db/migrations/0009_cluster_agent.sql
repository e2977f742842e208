ALTER TABLE "clusters" ADD COLUMN "agent_credential_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "clusters_agent_credential_key" ON "clusters" USING btree ("agent_credential_hash");