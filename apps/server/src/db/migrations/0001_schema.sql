CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"registrar_handle" text COLLATE "C" NOT NULL,
	"username" text COLLATE "C" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"registrar_handle" text COLLATE "C" NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"event_type" text NOT NULL,
	"event_subtype" text NOT NULL,
	"period" integer,
	"subject" text NOT NULL,
	"sv_trid" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"handle" text COLLATE "C" PRIMARY KEY NOT NULL,
	"roid" text NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL,
	"name" text,
	"organization" text,
	"phone" text,
	"fax" text,
	"email" text,
	"email_unicode" text,
	"street" text,
	"street2" text,
	"street3" text,
	"postal_code" text,
	"city" text,
	"region" text,
	"country_code" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delegation_signers" (
	"domain_id" bigint NOT NULL,
	"key_tag" integer NOT NULL,
	"algorithm" integer NOT NULL,
	"digest_type" integer NOT NULL,
	"digest" text NOT NULL,
	CONSTRAINT "delegation_signers_domain_id_key_tag_digest_type_pk" PRIMARY KEY("domain_id","key_tag","digest_type")
);
--> statement-breakpoint
CREATE TABLE "domain_contacts" (
	"domain_id" bigint NOT NULL,
	"role" text NOT NULL,
	"contact_handle" text COLLATE "C" NOT NULL,
	CONSTRAINT "domain_contacts_domain_id_role_contact_handle_pk" PRIMARY KEY("domain_id","role","contact_handle")
);
--> statement-breakpoint
CREATE TABLE "domain_statuses" (
	"domain_id" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	CONSTRAINT "domain_statuses_domain_id_status_pk" PRIMARY KEY("domain_id","status")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"u_label" text COLLATE "C" NOT NULL,
	"a_label" text COLLATE "C" NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL,
	"registrant_handle" text COLLATE "C",
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"expected_available_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"transferred_at" timestamp with time zone,
	"state_expires_at" timestamp with time zone,
	"rgp_status" text
);
--> statement-breakpoint
CREATE TABLE "epp_ip_addresses" (
	"registrar_handle" text COLLATE "C" NOT NULL,
	"ip" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "epp_ip_addresses_registrar_handle_ip_pk" PRIMARY KEY("registrar_handle","ip")
);
--> statement-breakpoint
CREATE TABLE "identity_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nameservers" (
	"domain_id" bigint NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"name_unicode" text NOT NULL,
	"ip_addresses" text[] DEFAULT '{}' NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "nameservers_domain_id_name_pk" PRIMARY KEY("domain_id","name")
);
--> statement-breakpoint
CREATE TABLE "oidc_models" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "oidc_models_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "registrars" (
	"handle" text COLLATE "C" PRIMARY KEY NOT NULL,
	"iana_id" integer,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"main_contact" jsonb NOT NULL,
	"public_contact" jsonb NOT NULL,
	"tech_contact" jsonb NOT NULL,
	"admin_contact" jsonb NOT NULL,
	"abuse_contact" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"epp_password_hash" text,
	"epp_password_changed_at" timestamp with time zone,
	"protected_tx_threshold" integer DEFAULT 0 NOT NULL,
	"protected_tx_count" integer DEFAULT 0 NOT NULL,
	"protected_tx_period_end" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text COLLATE "C" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"outcome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"status" text NOT NULL,
	"gaining_registrar_handle" text COLLATE "C" NOT NULL,
	"losing_registrar_handle" text COLLATE "C" NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"acted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"username" text COLLATE "C" NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"username" text COLLATE "C" PRIMARY KEY NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"password_hash" text,
	"totp_secret_encrypted" text,
	"totp_last_step" bigint,
	"state" text DEFAULT 'awaiting_activation' NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_registrar_handle_registrars_handle_fk" FOREIGN KEY ("registrar_handle") REFERENCES "public"."registrars"("handle") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_registrar_handle_registrars_handle_fk" FOREIGN KEY ("registrar_handle") REFERENCES "public"."registrars"("handle") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_signers" ADD CONSTRAINT "delegation_signers_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_contacts" ADD CONSTRAINT "domain_contacts_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_contacts" ADD CONSTRAINT "domain_contacts_contact_handle_contacts_handle_fk" FOREIGN KEY ("contact_handle") REFERENCES "public"."contacts"("handle") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_statuses" ADD CONSTRAINT "domain_statuses_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_registrar_handle_registrars_handle_fk" FOREIGN KEY ("registrar_handle") REFERENCES "public"."registrars"("handle") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_registrant_handle_contacts_handle_fk" FOREIGN KEY ("registrant_handle") REFERENCES "public"."contacts"("handle") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epp_ip_addresses" ADD CONSTRAINT "epp_ip_addresses_registrar_handle_registrars_handle_fk" FOREIGN KEY ("registrar_handle") REFERENCES "public"."registrars"("handle") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nameservers" ADD CONSTRAINT "nameservers_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_username_users_username_fk" FOREIGN KEY ("username") REFERENCES "public"."users"("username") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_registrar_handle_registrars_handle_fk" FOREIGN KEY ("registrar_handle") REFERENCES "public"."registrars"("handle") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_registrar_idx" ON "audit_events" USING btree ("registrar_handle","at");--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "billing_events_registrar_time_idx" ON "billing_events" USING btree ("registrar_handle","event_at");--> statement-breakpoint
CREATE INDEX "contacts_registrar_idx" ON "contacts" USING btree ("registrar_handle");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_u_label_idx" ON "domains" USING btree ("u_label");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_a_label_idx" ON "domains" USING btree ("a_label");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_registrar_u_label_idx" ON "domains" USING btree ("registrar_handle","u_label");--> statement-breakpoint
CREATE INDEX "domains_u_label_trgm_idx" ON "domains" USING gin ("u_label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "domains_a_label_trgm_idx" ON "domains" USING gin ("a_label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "oidc_models_grant_idx" ON "oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_models_uid_idx" ON "oidc_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_user_idx" ON "sign_in_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "transfers_domain_idx" ON "transfers" USING btree ("domain_id","requested_at");--> statement-breakpoint
CREATE INDEX "users_registrar_idx" ON "users" USING btree ("registrar_handle");