-- migrate: outside-transaction
-- The retention job deletes by age; these indexes find the old rows without reading whole tables. Built without blocking writes.
DROP INDEX CONCURRENTLY IF EXISTS "audit_events_at_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "oidc_models_expires_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "oidc_models_expires_idx" ON "oidc_models" USING btree ("expires_at");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "sign_in_attempts_at_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "sign_in_attempts_at_idx" ON "sign_in_attempts" USING btree ("at");
