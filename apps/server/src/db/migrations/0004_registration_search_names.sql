-- Registration search reads a narrow, registrar-ordered copy of the names (domain_names) and looks up
-- registrar-scoped tokens of them: `{registrar}:` for every name and `{registrar}:{piece}` for every
-- 1, 2 and 3 character piece. A name never holds ':', so a token says unambiguously whose it is.
CREATE FUNCTION domain_name_tokens(registrar text, name text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT ARRAY[registrar || ':'] || ARRAY(
      SELECT registrar || ':' || substr(name, i, n) FROM generate_series(1, 3) n, generate_series(1, length(name) - n + 1) i
    )
  $$;--> statement-breakpoint
CREATE TABLE "domain_name_token_counts" (
	"token" text COLLATE "C" PRIMARY KEY NOT NULL,
	"names" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_names" (
	"domain_id" bigint PRIMARY KEY NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL,
	"u_label" text COLLATE "C" NOT NULL,
	"a_label" text COLLATE "C" NOT NULL,
	"sponsored_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "domains_registrar_a_label_idx";--> statement-breakpoint
DROP INDEX "domains_registrar_sponsored_idx";--> statement-breakpoint
DROP INDEX "domains_registrar_u_label_trgm_idx";--> statement-breakpoint
DROP INDEX "domains_registrar_a_label_trgm_idx";--> statement-breakpoint
-- Refills both tables from domains in one pass each: used here and by the bulk loader, which loads
-- domains with the per-row triggers switched off.
CREATE FUNCTION domain_names_refill() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    ALTER TABLE domain_names DISABLE TRIGGER USER;
    DELETE FROM domain_name_token_counts;
    DELETE FROM domain_names;
    INSERT INTO domain_names (domain_id, registrar_handle, u_label, a_label, sponsored_since)
      SELECT id, registrar_handle, u_label, a_label, coalesce(transferred_at, created_at) FROM domains ORDER BY registrar_handle, u_label;
    INSERT INTO domain_name_token_counts (token, names)
      SELECT token, count(*) FROM domain_names, LATERAL (SELECT DISTINCT unnest(domain_name_tokens(registrar_handle, u_label)) AS token) t GROUP BY token;
    ALTER TABLE domain_names ENABLE TRIGGER USER;
  END
  $$;--> statement-breakpoint
-- On an existing registry of millions of names, counting and indexing the tokens needs room to sort.
SET LOCAL work_mem = '256MB';--> statement-breakpoint
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
SELECT domain_names_refill();--> statement-breakpoint
ALTER TABLE "domain_names" ADD CONSTRAINT "domain_names_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_names_registrar_u_label_idx" ON "domain_names" USING btree ("registrar_handle","u_label","domain_id","sponsored_since");--> statement-breakpoint
CREATE INDEX "domain_names_registrar_a_label_idx" ON "domain_names" USING btree ("registrar_handle","a_label","domain_id","sponsored_since");--> statement-breakpoint
CREATE INDEX "domain_names_registrar_sponsored_idx" ON "domain_names" USING btree ("registrar_handle","sponsored_since");--> statement-breakpoint
CREATE INDEX "domain_names_tokens_idx" ON "domain_names" USING gin (domain_name_tokens("registrar_handle", "u_label"));--> statement-breakpoint
-- domains → domain_names: a new or changed domain (its registrar, names or dates); a deleted one goes
-- through the foreign key's cascade.
CREATE FUNCTION domain_names_follow_domains() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO domain_names (domain_id, registrar_handle, u_label, a_label, sponsored_since)
        VALUES (NEW.id, NEW.registrar_handle, NEW.u_label, NEW.a_label, coalesce(NEW.transferred_at, NEW.created_at));
    ELSE
      UPDATE domain_names
         SET registrar_handle = NEW.registrar_handle, u_label = NEW.u_label, a_label = NEW.a_label,
             sponsored_since = coalesce(NEW.transferred_at, NEW.created_at)
       WHERE domain_id = NEW.id;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER domain_names_follow_domains AFTER INSERT OR UPDATE OF registrar_handle, u_label, a_label, transferred_at, created_at ON domains
  FOR EACH ROW EXECUTE FUNCTION domain_names_follow_domains();--> statement-breakpoint
-- domain_names → domain_name_token_counts, only when a name or its registrar changes. Tokens are
-- written in sorted order, which keeps concurrent changes of one registrar's names from deadlocking.
CREATE FUNCTION domain_name_token_counts_follow_names() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      UPDATE domain_name_token_counts SET names = names - 1
       WHERE token IN (SELECT DISTINCT unnest(domain_name_tokens(OLD.registrar_handle, OLD.u_label)) ORDER BY 1);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO domain_name_token_counts (token, names)
        SELECT DISTINCT unnest(domain_name_tokens(NEW.registrar_handle, NEW.u_label)), 1 ORDER BY 1
        ON CONFLICT (token) DO UPDATE SET names = domain_name_token_counts.names + 1;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER domain_name_token_counts_follow_names AFTER INSERT OR DELETE ON domain_names
  FOR EACH ROW EXECUTE FUNCTION domain_name_token_counts_follow_names();--> statement-breakpoint
CREATE TRIGGER domain_name_token_counts_follow_renames AFTER UPDATE OF registrar_handle, u_label ON domain_names
  FOR EACH ROW WHEN (OLD.registrar_handle IS DISTINCT FROM NEW.registrar_handle OR OLD.u_label IS DISTINCT FROM NEW.u_label)
  EXECUTE FUNCTION domain_name_token_counts_follow_names();
--> statement-breakpoint
-- The planner needs to know the new tables before the first search (the bulk loader analyses them itself).
ANALYZE domain_names, domain_name_token_counts;
