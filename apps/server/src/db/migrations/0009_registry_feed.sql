CREATE TABLE "feed_position" (
	"stream" text PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_snapshot_keys" (
	"type" text NOT NULL,
	"key" text COLLATE "C" NOT NULL,
	CONSTRAINT "feed_snapshot_keys_type_key_pk" PRIMARY KEY("type","key")
);
--> statement-breakpoint
CREATE TABLE "portal_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"registrar_handle" text COLLATE "C" NOT NULL,
	"field" text NOT NULL,
	"value" jsonb NOT NULL,
	"username" text COLLATE "C" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_names" DROP CONSTRAINT "domain_names_domain_id_domains_id_fk";
--> statement-breakpoint
ALTER TABLE "portal_changes" ADD CONSTRAINT "portal_changes_registrar_handle_registrars_handle_fk" FOREIGN KEY ("registrar_handle") REFERENCES "public"."registrars"("handle") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_changes_registrar_idx" ON "portal_changes" USING btree ("registrar_handle","seq");--> statement-breakpoint
-- Search's derived tables follow domains by statement, not by row (docs/decisions.md, "Registry data
-- feed"): each statement's changed rows come in transition tables, their tokens are counted once,
-- and every count changes with one write, where row triggers wrote each token of each name.
DROP TRIGGER IF EXISTS domain_names_follow_domains ON domains;--> statement-breakpoint
DROP TRIGGER IF EXISTS domain_name_token_counts_follow_names ON domain_names;--> statement-breakpoint
DROP TRIGGER IF EXISTS domain_name_token_counts_follow_renames ON domain_names;--> statement-breakpoint
DROP FUNCTION IF EXISTS domain_names_follow_domains();--> statement-breakpoint
DROP FUNCTION IF EXISTS domain_name_token_counts_follow_names();--> statement-breakpoint
-- Adds `delta` to the count of every token of the given names (one row per name); a count that
-- reaches 0 is removed. Tokens are written in sorted order, so concurrent writers cannot deadlock.
CREATE FUNCTION domain_name_token_counts_add(names_changed jsonb) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    emptied text[];
  BEGIN
    WITH delta AS (
      SELECT t.token, sum(n.delta)::int AS names
        FROM jsonb_to_recordset(names_changed) AS n(registrar_handle text, u_label text, delta int),
             LATERAL (SELECT DISTINCT unnest(domain_name_tokens(n.registrar_handle, n.u_label)) AS token) t
       GROUP BY t.token
      HAVING sum(n.delta) <> 0
    ), applied AS (
      INSERT INTO domain_name_token_counts AS c (token, names)
        SELECT token, names FROM delta ORDER BY token
        ON CONFLICT (token) DO UPDATE SET names = c.names + excluded.names
        RETURNING c.token, c.names
    )
    SELECT array_agg(token) INTO emptied FROM applied WHERE names <= 0;
    IF emptied IS NOT NULL THEN
      DELETE FROM domain_name_token_counts WHERE token = ANY(emptied) AND names <= 0;
    END IF;
  END
  $$;--> statement-breakpoint
CREATE FUNCTION domain_names_follow_inserts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO domain_names (domain_id, registrar_handle, u_label, a_label, sponsored_since)
      SELECT id, registrar_handle, u_label, a_label, coalesce(transferred_at, created_at) FROM new_rows ORDER BY registrar_handle, u_label;
    PERFORM domain_name_token_counts_add((SELECT coalesce(jsonb_agg(jsonb_build_object('registrar_handle', registrar_handle, 'u_label', u_label, 'delta', 1)), '[]') FROM new_rows));
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- The old and new rows are matched through a map by id: the planner knows nothing of transition
-- tables (it expects one row in each) and would compare every old row with every new one.
CREATE FUNCTION domain_names_follow_updates() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    before jsonb;
    moved jsonb;
  BEGIN
    SELECT jsonb_object_agg(id::text, jsonb_build_array(registrar_handle, u_label, a_label, coalesce(transferred_at, created_at))) INTO before FROM old_rows;
    -- Only registrations whose name, registrar or sponsoring date changed touch search's tables.
    SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'registrar_handle', registrar_handle, 'u_label', u_label, 'a_label', a_label,
                                                 'sponsored_since', coalesce(transferred_at, created_at), 'old', before->(id::text))), '[]')
      INTO moved
      FROM new_rows
     WHERE before->(id::text) IS DISTINCT FROM jsonb_build_array(registrar_handle, u_label, a_label, coalesce(transferred_at, created_at));
    IF jsonb_array_length(moved) = 0 THEN
      RETURN NULL;
    END IF;
    UPDATE domain_names n
       SET registrar_handle = m.registrar_handle, u_label = m.u_label, a_label = m.a_label, sponsored_since = m.sponsored_since
      FROM jsonb_to_recordset(moved) AS m(id bigint, registrar_handle text, u_label text, a_label text, sponsored_since timestamptz)
     WHERE n.domain_id = m.id;
    PERFORM domain_name_token_counts_add((
      SELECT coalesce(jsonb_agg(x), '[]') FROM (
        SELECT jsonb_build_object('registrar_handle', m->'old'->>0, 'u_label', m->'old'->>1, 'delta', -1) AS x
          FROM jsonb_array_elements(moved) m
         WHERE (m->'old'->>0, m->'old'->>1) IS DISTINCT FROM (m->>'registrar_handle', m->>'u_label')
        UNION ALL
        SELECT jsonb_build_object('registrar_handle', m->>'registrar_handle', 'u_label', m->>'u_label', 'delta', 1)
          FROM jsonb_array_elements(moved) m
         WHERE (m->'old'->>0, m->'old'->>1) IS DISTINCT FROM (m->>'registrar_handle', m->>'u_label')) changed));
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE FUNCTION domain_names_follow_deletes() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM domain_names WHERE domain_id IN (SELECT id FROM old_rows);
    PERFORM domain_name_token_counts_add((SELECT coalesce(jsonb_agg(jsonb_build_object('registrar_handle', registrar_handle, 'u_label', u_label, 'delta', -1)), '[]') FROM old_rows));
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER domain_names_follow_inserts AFTER INSERT ON domains REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_names_follow_inserts();--> statement-breakpoint
CREATE TRIGGER domain_names_follow_updates AFTER UPDATE ON domains REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_names_follow_updates();--> statement-breakpoint
CREATE TRIGGER domain_names_follow_deletes AFTER DELETE ON domains REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_names_follow_deletes();--> statement-breakpoint
-- The bulk loader fills both tables in one pass with the triggers on domains off.
CREATE OR REPLACE FUNCTION domain_names_refill() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM domain_name_token_counts;
    DELETE FROM domain_names;
    INSERT INTO domain_names (domain_id, registrar_handle, u_label, a_label, sponsored_since)
      SELECT id, registrar_handle, u_label, a_label, coalesce(transferred_at, created_at) FROM domains ORDER BY registrar_handle, u_label;
    INSERT INTO domain_name_token_counts (token, names)
      SELECT token, count(*) FROM domain_names, LATERAL (SELECT DISTINCT unnest(domain_name_tokens(registrar_handle, u_label)) AS token) t GROUP BY token;
  END
  $$;--> statement-breakpoint
-- Counts of 0 the row triggers left behind: no row now means no name holds the token.
DELETE FROM domain_name_token_counts WHERE names <= 0;
