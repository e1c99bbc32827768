CREATE TABLE "sign_in_lockouts" (
	"account" text COLLATE "C" NOT NULL,
	"source" text COLLATE "C" NOT NULL,
	"failed_attempts" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_lockouts_account_source_pk" PRIMARY KEY("account","source")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_unique" UNIQUE("id");--> statement-breakpoint
-- Locks in force move to the new table: for the account from everywhere, under its lower-case name.
INSERT INTO "sign_in_lockouts" ("account", "source", "failed_attempts", "locked_until", "updated_at")
  SELECT lower("username"), '*', "failed_attempts", "locked_until", now() FROM "users" WHERE "failed_attempts" > 0;
--> statement-breakpoint
-- Sessions and grants named accounts by username; they now name the subject id. Everyone signs in again once.
DELETE FROM "oidc_models" WHERE "model" IN ('Session', 'Grant', 'RefreshToken', 'AuthorizationCode', 'Interaction');
