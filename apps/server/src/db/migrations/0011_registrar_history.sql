-- migrate: outside-transaction
-- The registrar's history (/registrar/history): every index built without blocking sign-ins or changes.
-- Sign-in records carry only the username as typed or stored ('name@HANDLE'); this expression index finds a
-- registrar's sign-ins, newest first, by the username's suffix lower-cased (an unknown account is recorded lower-cased).
DROP INDEX CONCURRENTLY IF EXISTS "sign_in_attempts_registrar_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "sign_in_attempts_registrar_idx" ON "sign_in_attempts" USING btree ((lower(substring("username" from '@([^@]*)$'))), "at");--> statement-breakpoint
-- Keycloak mode: the portal records a session's first API request as its sign-in, once per session (the token's sid).
ALTER TABLE "sign_in_attempts" ADD COLUMN IF NOT EXISTS "session_id" text;--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "sign_in_attempts_session_idx";--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY "sign_in_attempts_session_idx" ON "sign_in_attempts" USING btree ("session_id") WHERE "session_id" IS NOT NULL;--> statement-breakpoint
-- The history filtered by kind of action: the registrar's entries of some actions, newest first.
DROP INDEX CONCURRENTLY IF EXISTS "audit_events_registrar_action_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "audit_events_registrar_action_idx" ON "audit_events" USING btree ("registrar_handle", "action", "at");
