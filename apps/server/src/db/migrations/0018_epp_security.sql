-- Issue 31, the EPP Security page. drizzle-kit wrote this file; "PARTITION BY RANGE" was added by hand
-- (drizzle-kit cannot declare it). epp_connection_events has no partition here: db/monthly-partitions.ts
-- makes each month's (the importer before it writes, the retention job ahead of time) and drops them.
CREATE TABLE "epp_client_certificates" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL,
	"slot" text NOT NULL,
	"pem" text NOT NULL,
	"fingerprint" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial" text NOT NULL,
	"key_type" text NOT NULL,
	"key_size" integer NOT NULL,
	"signature_algorithm" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"uploaded_by" text COLLATE "C" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminder_days" integer,
	CONSTRAINT "epp_client_certificates_registrar_handle_slot_pk" PRIMARY KEY("registrar_handle","slot"),
	CONSTRAINT "epp_client_certificates_id_unique" UNIQUE("id"),
	CONSTRAINT "epp_client_certificates_slot_check" CHECK ("epp_client_certificates"."slot" IN ('primary', 'failover'))
);
--> statement-breakpoint
CREATE TABLE "epp_connection_days" (
	"registrar_handle" text COLLATE "C" NOT NULL,
	"day" date NOT NULL,
	"outcome" text NOT NULL,
	"fingerprint" text DEFAULT '' NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "epp_connection_days_registrar_handle_day_outcome_fingerprint_pk" PRIMARY KEY("registrar_handle","day","outcome","fingerprint")
);
--> statement-breakpoint
CREATE TABLE "epp_connection_events" (
	"id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL,
	"address" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"fingerprint" text,
	CONSTRAINT "epp_connection_events_id_at_pk" PRIMARY KEY("id","at"),
	CONSTRAINT "epp_connection_events_outcome_check" CHECK ("epp_connection_events"."outcome" IN ('success', 'refused'))
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "epp_password_reset_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL,
	"requested_by" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "registrars" ADD COLUMN "epp_password_changed_by" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "registrars" ADD COLUMN "epp_password_age_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "epp_client_certificates" ADD CONSTRAINT "epp_client_certificates_registrar_handle_registrars_handle_fk" FOREIGN KEY ("registrar_handle") REFERENCES "public"."registrars"("handle") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epp_password_reset_links" ADD CONSTRAINT "epp_password_reset_links_registrar_handle_registrars_handle_fk" FOREIGN KEY ("registrar_handle") REFERENCES "public"."registrars"("handle") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "epp_client_certificates_fingerprint_idx" ON "epp_client_certificates" USING btree ("registrar_handle","fingerprint");--> statement-breakpoint
CREATE INDEX "epp_client_certificates_not_after_idx" ON "epp_client_certificates" USING btree ("not_after");--> statement-breakpoint
CREATE INDEX "epp_connection_events_registrar_idx" ON "epp_connection_events" USING btree ("registrar_handle","outcome","at");--> statement-breakpoint
CREATE INDEX "epp_connection_events_address_idx" ON "epp_connection_events" USING btree ("registrar_handle","address","at");--> statement-breakpoint
CREATE INDEX "epp_password_reset_links_registrar_idx" ON "epp_password_reset_links" USING btree ("registrar_handle","created_at");