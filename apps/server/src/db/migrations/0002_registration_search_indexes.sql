DROP INDEX "domains_registrar_u_label_idx";--> statement-breakpoint
CREATE INDEX "domain_contacts_contact_idx" ON "domain_contacts" USING btree ("contact_handle");--> statement-breakpoint
CREATE INDEX "domains_registrar_a_label_idx" ON "domains" USING btree ("registrar_handle","a_label","id");--> statement-breakpoint
CREATE INDEX "domains_registrar_sponsored_idx" ON "domains" USING btree ("registrar_handle",coalesce("transferred_at", "created_at"));--> statement-breakpoint
CREATE INDEX "domains_registrant_idx" ON "domains" USING btree ("registrant_handle");--> statement-breakpoint
CREATE INDEX "domains_registrar_u_label_idx" ON "domains" USING btree ("registrar_handle","u_label","id");