-- Issue 17: panel users' whole life (identity/directory/database-user-directory.ts).
-- disabled_at: set while an ADMIN (or the access-end job) keeps the user from signing in; the user
-- and their activation state stay as they are, so enabling them again restores both.
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
-- access_end: the last day (in Brussels) the user may sign in; refused from the start of the next day.
ALTER TABLE "users" ADD COLUMN "access_end" date;--> statement-breakpoint
-- The access-end job looks for enabled users whose end has passed: only users with an end are indexed.
CREATE INDEX "users_access_end_idx" ON "users" USING btree ("access_end") WHERE "access_end" IS NOT NULL AND "disabled_at" IS NULL;
