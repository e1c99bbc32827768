CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "domains_u_label_trgm_idx";--> statement-breakpoint
DROP INDEX "domains_a_label_trgm_idx";--> statement-breakpoint
CREATE INDEX "domains_registrar_u_label_trgm_idx" ON "domains" USING gin ("registrar_handle","u_label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "domains_registrar_a_label_trgm_idx" ON "domains" USING gin ("registrar_handle","a_label" gin_trgm_ops);