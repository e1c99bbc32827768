-- An allow-listed address's last success (the EPP security page) is one index lookup with the outcome in
-- the key; with (registrar, address, at) an address only ever refused made the read walk all its
-- refusals (bench:epp-events: 366 ms for 60,000 of them). On the partitioned parent, so every partition gets it.
DROP INDEX "epp_connection_events_address_idx";--> statement-breakpoint
CREATE INDEX "epp_connection_events_address_outcome_idx" ON "epp_connection_events" USING btree ("registrar_handle","address","outcome","at");
