-- What a registrar's portfolio is counted and filtered by (issue 17; docs/decisions.md, "Portfolio
-- overview and filtered search"): one facet row per registration (domain_facets) and counts per
-- registrar (registrar_facet_counts) and per registrar and Brussels expiry day
-- (registrar_expiry_counts). Like search's tables (0009), they follow domains, and domain_statuses,
-- through statement triggers with transition tables, whoever writes.
--
-- The lifecycle status and the labels are spec section 4's rules, written once more here in SQL; the
-- contract's `lifecycleStatus` and `labelsOf` (packages/contract/src/portfolio.ts) are the reference,
-- and modules/domains/facets-sql.test.ts compares the two for every combination of statuses.
-- Both functions are a single expression, so that PostgreSQL inlines them into the statements that
-- call them on a column (a million calls of a function that is not inlined cost seconds).
CREATE FUNCTION registration_lifecycle(s text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN s && '{available,reserved,ok}'::text[] AND s && '{clientHold,serverHold}'::text[] THEN 'inactive'
      WHEN 'available' = ANY(s) THEN 'available'
      WHEN 'reserved' = ANY(s) THEN 'reserved'
      WHEN 'ok' = ANY(s) THEN 'ok'
      WHEN 'inactive' = ANY(s) THEN 'inactive'
      WHEN 'pendingTransfer' = ANY(s) THEN 'pendingTransfer'
      WHEN 'redemption' = ANY(s) THEN 'redemption'
      WHEN 'pendingDelete' = ANY(s) THEN 'pendingDelete'
      WHEN 'pendingRestore' = ANY(s) THEN 'pendingRestore'
      WHEN 'ursLocked' = ANY(s) THEN 'ursLocked'
      WHEN 'ursSuspended' = ANY(s) THEN 'ursSuspended'
      WHEN s && '{clientHold,serverHold}'::text[] THEN 'inactive'
      ELSE 'available'
    END
  $$;--> statement-breakpoint
-- The labels as a bit set: bit n is the contract's `registrationLabels[n]` (REGISTERED 1,
-- PENDING_TRANSFER 2, INACTIVE 4, DOMAINGUARD 8, TRANSFER_LOCK 16, UPDATE_LOCK 32, DELETE_LOCK 64,
-- RENEW_LOCK 128, URS_LOCKED 256, URS_SUSPENDED 512).
CREATE FUNCTION registration_labels(s text[]) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT (CASE WHEN public.registration_lifecycle(s) IN ('ok', 'inactive', 'pendingTransfer', 'ursLocked', 'ursSuspended') THEN 1 ELSE 0 END)
         | (CASE WHEN 'pendingTransfer' = ANY(s) THEN 2 ELSE 0 END)
         | (CASE WHEN s && '{inactive,clientHold,serverHold}'::text[] THEN 4 ELSE 0 END)
         | (CASE WHEN s @> '{serverTransferProhibited,serverUpdateProhibited,serverDeleteProhibited}'::text[]
                  AND NOT s && '{ursLocked,ursSuspended}'::text[] THEN 8 ELSE 0 END)
         | (CASE WHEN NOT s && '{ursLocked,ursSuspended}'::text[]
                  AND ('clientTransferProhibited' = ANY(s)
                       OR ('serverTransferProhibited' = ANY(s) AND NOT s @> '{serverTransferProhibited,serverUpdateProhibited,serverDeleteProhibited}'::text[]))
                 THEN 16 ELSE 0 END)
         | (CASE WHEN NOT s && '{ursLocked,ursSuspended}'::text[]
                  AND ('clientUpdateProhibited' = ANY(s)
                       OR ('serverUpdateProhibited' = ANY(s) AND NOT s @> '{serverTransferProhibited,serverUpdateProhibited,serverDeleteProhibited}'::text[]))
                 THEN 32 ELSE 0 END)
         | (CASE WHEN NOT s && '{ursLocked,ursSuspended}'::text[]
                  AND ('clientDeleteProhibited' = ANY(s)
                       OR ('serverDeleteProhibited' = ANY(s) AND NOT s @> '{serverTransferProhibited,serverUpdateProhibited,serverDeleteProhibited}'::text[]))
                 THEN 64 ELSE 0 END)
         | (CASE WHEN NOT 'ursSuspended' = ANY(s) AND s && '{clientRenewProhibited,serverRenewProhibited}'::text[] THEN 128 ELSE 0 END)
         | (CASE WHEN 'ursLocked' = ANY(s) THEN 256 ELSE 0 END)
         | (CASE WHEN 'ursSuspended' = ANY(s) THEN 512 ELSE 0 END)
  $$;--> statement-breakpoint
-- What a registration is counted under, per registrar: '' (every registration), `s:{lifecycle}`,
-- `g:{grace period state or NONE}`, `l:{label}` for each label, `i` for an IDN.
CREATE FUNCTION domain_facet_keys(lifecycle text, labels integer, rgp text, idn boolean) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT ARRAY['', 's:' || lifecycle, 'g:' || coalesce(rgp, 'NONE')]
        || ARRAY(SELECT 'l:' || l.label
                   FROM unnest('{REGISTERED,PENDING_TRANSFER,INACTIVE,DOMAINGUARD,TRANSFER_LOCK,UPDATE_LOCK,DELETE_LOCK,RENEW_LOCK,URS_LOCKED,URS_SUSPENDED}'::text[])
                        WITH ORDINALITY AS l(label, n)
                  WHERE labels & (1 << (l.n::int - 1)) <> 0
                  ORDER BY l.n)
        || CASE WHEN idn THEN ARRAY['i'] ELSE '{}'::text[] END
  $$;--> statement-breakpoint
-- The registrar-scoped keys a filtered search looks up in the GIN index: the facet keys but ''
-- (which every registration holds) and the registrant as `c:{handle}`. One expression, no
-- subquery: a bitmap scan of the index evaluates it again for every row it reads.
CREATE FUNCTION domain_facet_tokens(registrar text, lifecycle text, labels integer, rgp text, idn boolean, registrant text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT ARRAY[registrar || ':s:' || lifecycle, registrar || ':g:' || coalesce(rgp, 'NONE')]
        || CASE WHEN labels & 1 <> 0 THEN ARRAY[registrar || ':l:REGISTERED'] ELSE '{}'::text[] END
        || CASE WHEN labels & 2 <> 0 THEN ARRAY[registrar || ':l:PENDING_TRANSFER'] ELSE '{}'::text[] END
        || CASE WHEN labels & 4 <> 0 THEN ARRAY[registrar || ':l:INACTIVE'] ELSE '{}'::text[] END
        || CASE WHEN labels & 8 <> 0 THEN ARRAY[registrar || ':l:DOMAINGUARD'] ELSE '{}'::text[] END
        || CASE WHEN labels & 16 <> 0 THEN ARRAY[registrar || ':l:TRANSFER_LOCK'] ELSE '{}'::text[] END
        || CASE WHEN labels & 32 <> 0 THEN ARRAY[registrar || ':l:UPDATE_LOCK'] ELSE '{}'::text[] END
        || CASE WHEN labels & 64 <> 0 THEN ARRAY[registrar || ':l:DELETE_LOCK'] ELSE '{}'::text[] END
        || CASE WHEN labels & 128 <> 0 THEN ARRAY[registrar || ':l:RENEW_LOCK'] ELSE '{}'::text[] END
        || CASE WHEN labels & 256 <> 0 THEN ARRAY[registrar || ':l:URS_LOCKED'] ELSE '{}'::text[] END
        || CASE WHEN labels & 512 <> 0 THEN ARRAY[registrar || ':l:URS_SUSPENDED'] ELSE '{}'::text[] END
        || CASE WHEN idn THEN ARRAY[registrar || ':i'] ELSE '{}'::text[] END
        || CASE WHEN registrant IS NULL THEN '{}'::text[] ELSE ARRAY[registrar || ':c:' || registrant] END
  $$;--> statement-breakpoint
CREATE TABLE "domain_facets" (
	"domain_id" bigint PRIMARY KEY NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL,
	"u_label" text COLLATE "C" NOT NULL,
	"a_label" text COLLATE "C" NOT NULL,
	"sponsored_since" timestamp with time zone NOT NULL,
	"lifecycle" text COLLATE "C" NOT NULL,
	"labels" integer NOT NULL,
	"rgp_status" text COLLATE "C",
	"idn" boolean NOT NULL,
	"expires_on" date,
	"registrant_handle" text COLLATE "C",
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registrar_facet_counts" (
	"registrar_handle" text COLLATE "C" NOT NULL,
	"facet" text COLLATE "C" NOT NULL,
	"registrations" integer NOT NULL,
	CONSTRAINT "registrar_facet_counts_pk" PRIMARY KEY ("registrar_handle", "facet")
);
--> statement-breakpoint
CREATE TABLE "registrar_expiry_counts" (
	"registrar_handle" text COLLATE "C" NOT NULL,
	"expires_on" date NOT NULL,
	"registrations" integer NOT NULL,
	CONSTRAINT "registrar_expiry_counts_pk" PRIMARY KEY ("registrar_handle", "expires_on")
);
--> statement-breakpoint
-- Brings the facet rows of the given registrations to what domains and domain_statuses say now
-- (inserted, changed or removed), writing only rows that differ, and moves the counts by the
-- difference: -1 for what a registration was counted under, +1 for what it is counted under now.
-- Counts that reach 0 are removed. Keys are written in sorted order, so concurrent writers cannot
-- deadlock. Comparing with the stored row, rather than trusting the trigger's old rows, makes it
-- right however often it runs for a registration within one statement or transaction.
CREATE FUNCTION domain_facets_refresh(ids bigint[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    emptied_facets jsonb;
    emptied_days jsonb;
  BEGIN
    WITH wanted AS MATERIALIZED (
      SELECT d.id AS domain_id, d.registrar_handle, d.u_label, d.a_label, coalesce(d.transferred_at, d.created_at) AS sponsored_since,
             registration_lifecycle(s.statuses) COLLATE "C" AS lifecycle, registration_labels(s.statuses) AS labels, d.rgp_status COLLATE "C" AS rgp_status,
             (d.a_label LIKE 'xn--%' OR d.a_label LIKE '%.xn--%') AS idn, (d.expires_at AT TIME ZONE 'Europe/Brussels')::date AS expires_on,
             d.registrant_handle, d.created_at, d.expires_at
        FROM domains d
             CROSS JOIN LATERAL (SELECT coalesce(array_agg(ds.status), '{}'::text[]) AS statuses FROM domain_statuses ds WHERE ds.domain_id = d.id) s
       WHERE d.id = ANY(ids)
    ), stored AS MATERIALIZED (
      SELECT * FROM domain_facets WHERE domain_id = ANY(ids)
    ), pairs AS MATERIALIZED (
      -- Whole rows compared: the columns (and their collations) are domain_facets' own, in its order.
      SELECT o AS old, w AS new FROM stored o FULL JOIN wanted w ON w.domain_id = o.domain_id
       WHERE o IS DISTINCT FROM w
    ), removed AS (
      DELETE FROM domain_facets f USING pairs p WHERE (p.new).domain_id IS NULL AND f.domain_id = (p.old).domain_id
    ), written AS (
      INSERT INTO domain_facets AS f (domain_id, registrar_handle, u_label, a_label, sponsored_since, lifecycle, labels, rgp_status, idn, expires_on,
                                      registrant_handle, created_at, expires_at)
        SELECT (p.new).* FROM pairs p WHERE (p.new).domain_id IS NOT NULL ORDER BY (p.new).domain_id
        ON CONFLICT (domain_id) DO UPDATE SET
          registrar_handle = excluded.registrar_handle, u_label = excluded.u_label, a_label = excluded.a_label, sponsored_since = excluded.sponsored_since,
          lifecycle = excluded.lifecycle, labels = excluded.labels, rgp_status = excluded.rgp_status, idn = excluded.idn, expires_on = excluded.expires_on,
          registrant_handle = excluded.registrant_handle, created_at = excluded.created_at, expires_at = excluded.expires_at
    ), facet_delta AS (
      SELECT registrar_handle, facet, sum(delta)::int AS registrations FROM (
        SELECT (p.old).registrar_handle, k.facet, -1 AS delta
          FROM pairs p, unnest(domain_facet_keys((p.old).lifecycle, (p.old).labels, (p.old).rgp_status, (p.old).idn)) AS k(facet)
         WHERE (p.old).domain_id IS NOT NULL
        UNION ALL
        SELECT (p.new).registrar_handle, k.facet, 1
          FROM pairs p, unnest(domain_facet_keys((p.new).lifecycle, (p.new).labels, (p.new).rgp_status, (p.new).idn)) AS k(facet)
         WHERE (p.new).domain_id IS NOT NULL) d
       GROUP BY registrar_handle, facet
      HAVING sum(delta) <> 0
    ), facet_applied AS (
      INSERT INTO registrar_facet_counts AS c (registrar_handle, facet, registrations)
        SELECT registrar_handle, facet, registrations FROM facet_delta ORDER BY registrar_handle, facet
        ON CONFLICT (registrar_handle, facet) DO UPDATE SET registrations = c.registrations + excluded.registrations
        RETURNING c.registrar_handle, c.facet, c.registrations
    ), day_delta AS (
      SELECT registrar_handle, expires_on, sum(delta)::int AS registrations FROM (
        SELECT (p.old).registrar_handle, (p.old).expires_on, -1 AS delta FROM pairs p WHERE (p.old).expires_on IS NOT NULL
        UNION ALL
        SELECT (p.new).registrar_handle, (p.new).expires_on, 1 FROM pairs p WHERE (p.new).expires_on IS NOT NULL) d
       GROUP BY registrar_handle, expires_on
      HAVING sum(delta) <> 0
    ), day_applied AS (
      INSERT INTO registrar_expiry_counts AS c (registrar_handle, expires_on, registrations)
        SELECT registrar_handle, expires_on, registrations FROM day_delta ORDER BY registrar_handle, expires_on
        ON CONFLICT (registrar_handle, expires_on) DO UPDATE SET registrations = c.registrations + excluded.registrations
        RETURNING c.registrar_handle, c.expires_on, c.registrations
    )
    SELECT (SELECT jsonb_agg(jsonb_build_array(registrar_handle, facet)) FROM facet_applied WHERE registrations <= 0),
           (SELECT jsonb_agg(jsonb_build_array(registrar_handle, expires_on)) FROM day_applied WHERE registrations <= 0)
      INTO emptied_facets, emptied_days;
    IF emptied_facets IS NOT NULL THEN
      DELETE FROM registrar_facet_counts c USING jsonb_array_elements(emptied_facets) e
       WHERE c.registrar_handle = e->>0 AND c.facet = e->>1 AND c.registrations <= 0;
    END IF;
    IF emptied_days IS NOT NULL THEN
      DELETE FROM registrar_expiry_counts c USING jsonb_array_elements(emptied_days) e
       WHERE c.registrar_handle = e->>0 AND c.expires_on = (e->>1)::date AND c.registrations <= 0;
    END IF;
  END
  $$;--> statement-breakpoint
-- A writer of many statements (the feed: a batch upserts registrations, then replaces their statuses
-- by diff, a delete and an insert) would refresh a registration once per statement. It may defer:
-- with `registrar_panel.defer_facets` set to 'on' for the transaction, the triggers only note the
-- registrations they saw in domain_facets_pending (unlogged: it never outlives its transaction),
-- and domain_facets_refresh_deferred() refreshes them once, then turns deferring off. Without the
-- setting, as for every other writer, the triggers refresh at once.
CREATE UNLOGGED TABLE "domain_facets_pending" (
	"transaction_id" bigint NOT NULL,
	"domain_id" bigint NOT NULL,
	CONSTRAINT "domain_facets_pending_pk" PRIMARY KEY ("transaction_id", "domain_id")
);
--> statement-breakpoint
CREATE FUNCTION domain_facets_follow(ids bigint[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF ids IS NULL OR cardinality(ids) = 0 THEN
      RETURN;
    END IF;
    IF current_setting('registrar_panel.defer_facets', true) = 'on' THEN
      INSERT INTO domain_facets_pending (transaction_id, domain_id)
        SELECT DISTINCT pg_current_xact_id()::text::bigint, u.id FROM unnest(ids) AS u(id) ORDER BY 2
        ON CONFLICT DO NOTHING;
    ELSE
      PERFORM domain_facets_refresh(ids);
    END IF;
  END
  $$;--> statement-breakpoint
-- Refreshes, once, the registrations noted while deferring in this transaction, and stops deferring.
CREATE FUNCTION domain_facets_refresh_deferred() RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    ids bigint[];
  BEGIN
    PERFORM set_config('registrar_panel.defer_facets', 'off', true);
    WITH taken AS (
      DELETE FROM domain_facets_pending WHERE transaction_id = pg_current_xact_id_if_assigned()::text::bigint RETURNING domain_id
    )
    SELECT array_agg(domain_id ORDER BY domain_id) INTO ids FROM taken;
    IF ids IS NOT NULL THEN
      PERFORM domain_facets_refresh(ids);
    END IF;
  END
  $$;--> statement-breakpoint
CREATE FUNCTION domain_facets_follow_domains() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      PERFORM domain_facets_follow(ARRAY(SELECT id FROM old_rows));
    ELSE
      PERFORM domain_facets_follow(ARRAY(SELECT id FROM new_rows));
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- A registration's statuses change by diff (the feed deletes and inserts the rows that differ). A
-- deleted registration takes its statuses with it through the foreign key's cascade, one statement
-- per registration: those find their registration gone and leave it to the trigger on domains.
CREATE FUNCTION domain_facets_follow_statuses() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    ids bigint[];
  BEGIN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT o.domain_id) INTO ids FROM old_rows o WHERE EXISTS (SELECT 1 FROM domains d WHERE d.id = o.domain_id);
    ELSIF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT domain_id) INTO ids FROM new_rows;
    ELSE
      SELECT array_agg(DISTINCT domain_id) INTO ids FROM (SELECT domain_id FROM new_rows UNION SELECT domain_id FROM old_rows) changed;
    END IF;
    PERFORM domain_facets_follow(ids);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER domain_facets_follow_inserts AFTER INSERT ON domains REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_facets_follow_domains();--> statement-breakpoint
CREATE TRIGGER domain_facets_follow_updates AFTER UPDATE ON domains REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_facets_follow_domains();--> statement-breakpoint
CREATE TRIGGER domain_facets_follow_deletes AFTER DELETE ON domains REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_facets_follow_domains();--> statement-breakpoint
CREATE TRIGGER domain_facets_follow_status_inserts AFTER INSERT ON domain_statuses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_facets_follow_statuses();--> statement-breakpoint
CREATE TRIGGER domain_facets_follow_status_updates AFTER UPDATE ON domain_statuses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_facets_follow_statuses();--> statement-breakpoint
CREATE TRIGGER domain_facets_follow_status_deletes AFTER DELETE ON domain_statuses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_facets_follow_statuses();--> statement-breakpoint
-- Fills the three tables from domains and domain_statuses in one pass each: here, and in the bulk
-- loader (feed/bulk-snapshot.ts), which loads with the triggers off and without indexes (so the
-- statuses are grouped in one pass, never looked up per registration).
CREATE FUNCTION domain_facets_refill() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    DELETE FROM registrar_expiry_counts;
    DELETE FROM registrar_facet_counts;
    DELETE FROM domain_facets;
    INSERT INTO domain_facets (domain_id, registrar_handle, u_label, a_label, sponsored_since, lifecycle, labels, rgp_status, idn, expires_on,
                               registrant_handle, created_at, expires_at)
      SELECT d.id, d.registrar_handle, d.u_label, d.a_label, coalesce(d.transferred_at, d.created_at),
             registration_lifecycle(s.statuses), registration_labels(s.statuses), d.rgp_status,
             (d.a_label LIKE 'xn--%' OR d.a_label LIKE '%.xn--%'), (d.expires_at AT TIME ZONE 'Europe/Brussels')::date,
             d.registrant_handle, d.created_at, d.expires_at
        FROM domains d
             LEFT JOIN (SELECT domain_id, array_agg(status) AS statuses FROM domain_statuses GROUP BY domain_id) g ON g.domain_id = d.id
             CROSS JOIN LATERAL (SELECT coalesce(g.statuses, '{}'::text[]) AS statuses) s
       ORDER BY d.registrar_handle, d.u_label;
    INSERT INTO registrar_facet_counts (registrar_handle, facet, registrations)
      SELECT registrar_handle, k.facet, count(*) FROM domain_facets, unnest(domain_facet_keys(lifecycle, labels, rgp_status, idn)) AS k(facet)
       GROUP BY registrar_handle, k.facet;
    INSERT INTO registrar_expiry_counts (registrar_handle, expires_on, registrations)
      SELECT registrar_handle, expires_on, count(*) FROM domain_facets WHERE expires_on IS NOT NULL GROUP BY registrar_handle, expires_on;
  END
  $$;--> statement-breakpoint
SET LOCAL work_mem = '256MB';--> statement-breakpoint
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
SELECT domain_facets_refill();--> statement-breakpoint
-- In name order with every facet in the index: filtered reads along a registrar's names, their
-- counts and their pages, come from the index alone.
CREATE INDEX "domain_facets_registrar_u_label_idx" ON "domain_facets" USING btree
  ("registrar_handle", "u_label", "domain_id", "sponsored_since", "lifecycle", "labels", "rgp_status", "idn", "expires_on", "registrant_handle");--> statement-breakpoint
-- Rare facets (a status, a label, a grace state, IDNs, a registrant, and any of them together) are
-- read through their registrar-scoped keys, whatever their share elsewhere.
CREATE INDEX "domain_facets_tokens_idx" ON "domain_facets" USING gin
  (domain_facet_tokens("registrar_handle", "lifecycle", "labels", "rgp_status", "idn", "registrant_handle"));--> statement-breakpoint
-- An expiry range.
CREATE INDEX "domain_facets_registrar_expiry_idx" ON "domain_facets" USING btree ("registrar_handle", "expires_on");
