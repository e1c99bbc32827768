-- Issue 18: API keys for the registrar's own tooling (modules/api-keys/).
-- id: the key's public id (the `rpk_<id>` a registrar recognises it by), random, looked up by primary key.
-- secret_hash: SHA-256 of the whole key, hex; the key itself is shown once and never stored.
-- expires_on: the last day (Brussels) the key works; refused from 00:00 the next day.
-- revoked_at/revoked_by: a revoked key stays listed, for the record.
-- last_used_at/last_used_ip: written at most about once a minute per key (a conditional UPDATE).
-- expiry_notice_sent_at: claimed by the expiry-notice job, so that the 14-day notice goes out once.
CREATE TABLE "api_keys" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL REFERENCES "registrars"("handle"),
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"allowed_addresses" text[] DEFAULT '{}' NOT NULL,
	"expires_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text COLLATE "C" NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" text COLLATE "C",
	"expiry_notice_sent_at" timestamp with time zone
);--> statement-breakpoint
-- The registrar's list, newest first.
CREATE INDEX "api_keys_registrar_idx" ON "api_keys" USING btree ("registrar_handle","created_at");--> statement-breakpoint
-- The expiry-notice job looks for keys not revoked and not yet noticed, by expiry day.
CREATE INDEX "api_keys_expiry_notice_idx" ON "api_keys" USING btree ("expires_on") WHERE "revoked_at" IS NULL AND "expiry_notice_sent_at" IS NULL;
