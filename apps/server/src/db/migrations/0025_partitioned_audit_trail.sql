-- Issue 35: the audit trail and the sign-in attempts become partitioned by month on "at". Written by
-- hand around what drizzle-kit generated (it cannot declare PARTITION BY, views or the copy's rows).
-- The unpartitioned tables are renamed `*_legacy` (a rename: no row moves inside this transaction),
-- new partitioned tables take their names, so every write from now on (old instances' too, which
-- name the table) lands in the new table; their ids go on after the old table's last one, so an id
-- stays one row's. The old rows are copied in batches after start (db/partition-copy.ts), each month's
-- count and checksum compared, and read meanwhile through the `*_trail` views, which add the old rows
-- not copied yet until the copy has passed the old table's last id. The old tables stay until the next
-- release (docs/decisions.md says how they are dropped). Nothing references either table's key.
CREATE TABLE "partition_copies" (
	"table_name" text PRIMARY KEY NOT NULL,
	"legacy_table" text NOT NULL,
	"copied_to" bigint NOT NULL,
	"last_legacy_id" bigint NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"mismatches" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" RENAME TO "audit_events_legacy";--> statement-breakpoint
ALTER TABLE "audit_events_legacy" RENAME CONSTRAINT "audit_events_pkey" TO "audit_events_legacy_pkey";--> statement-breakpoint
ALTER SEQUENCE "audit_events_id_seq" RENAME TO "audit_events_legacy_id_seq";--> statement-breakpoint
ALTER INDEX "audit_events_registrar_idx" RENAME TO "audit_events_legacy_registrar_idx";--> statement-breakpoint
ALTER INDEX "audit_events_registrar_action_idx" RENAME TO "audit_events_legacy_registrar_action_idx";--> statement-breakpoint
ALTER INDEX "audit_events_user_idx" RENAME TO "audit_events_legacy_user_idx";--> statement-breakpoint
ALTER INDEX "audit_events_at_idx" RENAME TO "audit_events_legacy_at_idx";--> statement-breakpoint
ALTER TABLE "sign_in_attempts" RENAME TO "sign_in_attempts_legacy";--> statement-breakpoint
ALTER TABLE "sign_in_attempts_legacy" RENAME CONSTRAINT "sign_in_attempts_pkey" TO "sign_in_attempts_legacy_pkey";--> statement-breakpoint
ALTER SEQUENCE "sign_in_attempts_id_seq" RENAME TO "sign_in_attempts_legacy_id_seq";--> statement-breakpoint
ALTER INDEX "sign_in_attempts_user_idx" RENAME TO "sign_in_attempts_legacy_user_idx";--> statement-breakpoint
ALTER INDEX "sign_in_attempts_at_idx" RENAME TO "sign_in_attempts_legacy_at_idx";--> statement-breakpoint
ALTER INDEX "sign_in_attempts_registrar_idx" RENAME TO "sign_in_attempts_legacy_registrar_idx";--> statement-breakpoint
ALTER INDEX "sign_in_attempts_session_idx" RENAME TO "sign_in_attempts_legacy_session_idx";--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"registrar_handle" text COLLATE "C" NOT NULL,
	"username" text COLLATE "C" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_events_id_at_pk" PRIMARY KEY("id","at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text COLLATE "C" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"outcome" text NOT NULL,
	"session_id" text,
	CONSTRAINT "sign_in_attempts_id_at_pk" PRIMARY KEY("id","at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "audit_events_registrar_idx" ON "audit_events" USING btree ("registrar_handle","at");--> statement-breakpoint
CREATE INDEX "audit_events_registrar_action_idx" ON "audit_events" USING btree ("registrar_handle","action","at");--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_user_idx" ON "sign_in_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_at_idx" ON "sign_in_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_registrar_idx" ON "sign_in_attempts" USING btree ((lower(substring("username" from '@([^@]*)$'))),"at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_session_idx" ON "sign_in_attempts" USING btree ("session_id") WHERE "sign_in_attempts"."session_id" IS NOT NULL;--> statement-breakpoint
-- New ids after the old table's last: an old row copied keeps its id, and no new row takes one.
SELECT setval('audit_events_id_seq', (SELECT coalesce(max("id"), 0) + 1 FROM "audit_events_legacy"), false);--> statement-breakpoint
SELECT setval('sign_in_attempts_id_seq', (SELECT coalesce(max("id"), 0) + 1 FROM "sign_in_attempts_legacy"), false);--> statement-breakpoint
-- The months around now, named as db/monthly-partitions.ts names them: instances of the previous release
-- write here as soon as this commits, before any retention job of this release has made a month.
DO $$
DECLARE
	t text;
	m timestamp;
BEGIN
	FOREACH t IN ARRAY ARRAY['audit_events', 'sign_in_attempts'] LOOP
		FOR i IN -1..2 LOOP
			-- In UTC wall time (timestamp without time zone), as the partitions' bounds are.
			m := date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => i);
			EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
				t || '_p' || to_char(m, 'YYYYMM'), t, m AT TIME ZONE 'UTC', (m + interval '1 month') AT TIME ZONE 'UTC');
		END LOOP;
	END LOOP;
END
$$;--> statement-breakpoint
-- Where each copy starts: before the old table's first id; an empty old table is verified at once.
INSERT INTO "partition_copies" ("table_name", "legacy_table", "copied_to", "last_legacy_id", "verified_at")
SELECT 'audit_events', 'audit_events_legacy', coalesce(min("id") - 1, 0), coalesce(max("id"), 0), CASE WHEN max("id") IS NULL THEN now() END
FROM "audit_events_legacy";--> statement-breakpoint
INSERT INTO "partition_copies" ("table_name", "legacy_table", "copied_to", "last_legacy_id", "verified_at")
SELECT 'sign_in_attempts', 'sign_in_attempts_legacy', coalesce(min("id") - 1, 0), coalesce(max("id"), 0), CASE WHEN max("id") IS NULL THEN now() END
FROM "sign_in_attempts_legacy";--> statement-breakpoint
-- The reads' view: the new table, and the old rows not copied yet while the copy has not passed the old
-- table's last id (a one-time filter: once it has, the old table is not even opened).
CREATE VIEW "audit_trail" AS
SELECT "id", "registrar_handle", "username", "at", "ip", "action", "details" FROM "audit_events"
UNION ALL
SELECT "id", "registrar_handle", "username", "at", "ip", "action", "details" FROM "audit_events_legacy"
WHERE "id" > (SELECT "copied_to" FROM "partition_copies" WHERE "table_name" = 'audit_events')
	AND (SELECT "copied_to" < "last_legacy_id" FROM "partition_copies" WHERE "table_name" = 'audit_events');
--> statement-breakpoint
CREATE VIEW "sign_in_trail" AS
SELECT "id", "username", "at", "ip", "outcome", "session_id" FROM "sign_in_attempts"
UNION ALL
SELECT "id", "username", "at", "ip", "outcome", "session_id" FROM "sign_in_attempts_legacy"
WHERE "id" > (SELECT "copied_to" FROM "partition_copies" WHERE "table_name" = 'sign_in_attempts')
	AND (SELECT "copied_to" < "last_legacy_id" FROM "partition_copies" WHERE "table_name" = 'sign_in_attempts');
