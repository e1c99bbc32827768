-- The keys a registration is counted under (migration 0010) as one expression, like
-- domain_facet_tokens: its subquery (`ARRAY(SELECT … FROM unnest(…))`) kept PostgreSQL from inlining
-- it, so every row of a refresh ran it as a statement of its own, twice (old and new keys), and the
-- snapshot's refill once per registration. Same keys, in the same order: '' (every registration),
-- `s:{lifecycle}`, `g:{grace period state or NONE}`, `l:{label}` by bit (the contract's
-- `registrationLabels` order, bit n), `i` for an IDN.
CREATE OR REPLACE FUNCTION domain_facet_keys(lifecycle text, labels integer, rgp text, idn boolean) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT ARRAY['', 's:' || lifecycle, 'g:' || coalesce(rgp, 'NONE')]
        || CASE WHEN labels & 1 <> 0 THEN ARRAY['l:REGISTERED'] ELSE '{}'::text[] END
        || CASE WHEN labels & 2 <> 0 THEN ARRAY['l:PENDING_TRANSFER'] ELSE '{}'::text[] END
        || CASE WHEN labels & 4 <> 0 THEN ARRAY['l:INACTIVE'] ELSE '{}'::text[] END
        || CASE WHEN labels & 8 <> 0 THEN ARRAY['l:DOMAINGUARD'] ELSE '{}'::text[] END
        || CASE WHEN labels & 16 <> 0 THEN ARRAY['l:TRANSFER_LOCK'] ELSE '{}'::text[] END
        || CASE WHEN labels & 32 <> 0 THEN ARRAY['l:UPDATE_LOCK'] ELSE '{}'::text[] END
        || CASE WHEN labels & 64 <> 0 THEN ARRAY['l:DELETE_LOCK'] ELSE '{}'::text[] END
        || CASE WHEN labels & 128 <> 0 THEN ARRAY['l:RENEW_LOCK'] ELSE '{}'::text[] END
        || CASE WHEN labels & 256 <> 0 THEN ARRAY['l:URS_LOCKED'] ELSE '{}'::text[] END
        || CASE WHEN labels & 512 <> 0 THEN ARRAY['l:URS_SUSPENDED'] ELSE '{}'::text[] END
        || CASE WHEN idn THEN ARRAY['i'] ELSE '{}'::text[] END
  $$;
