import type { PoolClient } from 'pg';
import type { RegistrationChangeField } from '@registrar-panel/contract';
import type { AcceptedChange } from './check';

/*
 * The change record (issue 32): in each batch's transaction, the state of every registration the
 * batch may touch is captured before it is applied (`captureBefore`), and after it the registrations
 * whose state differs get one row each in `registration_changes` with the changed fields' before and
 * after (`recordChanges`). Both are one statement over the batch's ids, never a row at a time in
 * JavaScript and never a scan of the registry: the ids are the batch's domain lines, the registrations
 * its transfer lines concern, and what a snapshot's end deletes. The captured states live in a
 * temporary table dropped at commit, outside the batch's savepoint, so a batch applied again line by
 * line compares with the same states.
 */

const tempTable = 'registration_states_before';

/** A registration's recorded state as one jsonb object, from `domains d` (contract `registrationChangeFields`). */
const fields: Record<RegistrationChangeField, string> = {
  name: 'd.u_label',
  registrar: 'd.registrar_handle',
  registrant: 'd.registrant_handle',
  contacts: `COALESCE((SELECT jsonb_agg(jsonb_build_object('role', c.role, 'handle', c.contact_handle) ORDER BY c.role, c.contact_handle)
                FROM domain_contacts c WHERE c.domain_id = d.id), '[]')`,
  // In UTC with a Z, whatever the session's time zone.
  expiresAt: `to_char(d.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  statuses: `COALESCE((SELECT jsonb_agg(s.status ORDER BY s.status) FROM domain_statuses s WHERE s.domain_id = d.id), '[]')`,
  rgpStatus: 'd.rgp_status',
  nameservers: `COALESCE((SELECT jsonb_agg(jsonb_build_object('name', n.name, 'ipAddresses', n.ip_addresses) ORDER BY n.name)
                   FROM nameservers n WHERE n.domain_id = d.id), '[]')`,
  delegationSigners: `COALESCE((SELECT jsonb_agg(jsonb_build_object('keyTag', k.key_tag, 'algorithm', k.algorithm, 'digestType', k.digest_type, 'digest', k.digest)
                         ORDER BY k.key_tag, k.digest_type, k.algorithm) FROM delegation_signers k WHERE k.domain_id = d.id), '[]')`,
  pendingTransferTo: `(SELECT t.gaining_registrar_handle FROM transfers t WHERE t.domain_id = d.id AND t.status = 'PENDING'
                        ORDER BY t.requested_at DESC, t.id DESC LIMIT 1)`,
};

/** The state of `domains d` (null when no row joined). */
export const registrationStateSql = `CASE WHEN d.id IS NULL THEN NULL ELSE jsonb_build_object(${Object.entries(fields)
  .map(([key, expression]) => `'${key}', ${expression}`)
  .join(', ')}) END`;

/** The registrations a batch's lines may change: its domain lines, and those its transfer lines concern. */
async function touchedIds(client: PoolClient, changes: AcceptedChange[]): Promise<string[]> {
  const ids = new Set<string>();
  const deletedTransfers: string[] = [];
  for (const { change } of changes) {
    if (change.type === 'domain') ids.add(change.op === 'delete' ? change.key : String(change.data.id));
    else if (change.type === 'transfer') {
      if (change.op === 'delete') deletedTransfers.push(change.key);
      else ids.add(String(change.data.domain));
    }
  }
  if (deletedTransfers.length > 0) {
    const { rows } = await client.query<{ id: string }>('SELECT domain_id::text AS id FROM transfers WHERE id = ANY($1::bigint[])', [deletedTransfers]);
    for (const row of rows) ids.add(row.id);
  }
  return [...ids];
}

/** Captures, in the batch's transaction, the state of every registration its lines may change. */
export async function captureBefore(client: PoolClient, changes: AcceptedChange[]): Promise<void> {
  await client.query(`CREATE TEMPORARY TABLE IF NOT EXISTS ${tempTable} (domain_id bigint PRIMARY KEY, state jsonb) ON COMMIT DROP`);
  const ids = await touchedIds(client, changes);
  if (ids.length > 0) await captureIds(client, `SELECT unnest($1::bigint[]) AS id`, [ids]);
}

/** A snapshot's end: the registrations it is about to delete, captured before it does. */
export async function captureUnlisted(client: PoolClient): Promise<void> {
  await captureIds(
    client,
    `SELECT d.id FROM domains d WHERE NOT EXISTS (SELECT 1 FROM feed_snapshot_keys k WHERE k.type = 'domain' AND k.key = d.id::text)`,
    [],
  );
}

async function captureIds(client: PoolClient, idsSql: string, params: unknown[]): Promise<void> {
  await client.query(
    `INSERT INTO ${tempTable} (domain_id, state)
     SELECT i.id, ${registrationStateSql} FROM (${idsSql}) i LEFT JOIN domains d ON d.id = i.id
     ON CONFLICT (domain_id) DO NOTHING`,
    params,
  );
}

/**
 * Writes one row per captured registration whose state the batch changed: created (before `{}`),
 * deleted (after `{}`) or changed (only the fields that differ). `feedSeq` is the batch's last line.
 * The same statement keeps the registrations' past (registration-versions.ts): each such
 * registration's open version ends at `at` and, unless deleted, its new state opens the next, so the
 * versions and the change record cannot disagree. Returns the change rows written.
 */
export async function recordChanges(client: PoolClient, feedSeq: number, at: Date): Promise<number> {
  // A temporary table has no statistics, so the planner guessed its rows from its pages (9,360 for
  // 1,132) and joined them to `domains` by reading all of it: 840 ms of a 1,020 ms statement at
  // 5,000,000 registrations, growing with the registry. Counted, they are looked up by key (issue 35).
  await client.query(`ANALYZE ${tempTable}`);
  const result = await client.query(
    `WITH moved AS MATERIALIZED (
       SELECT * FROM (SELECT t.domain_id, t.state AS b, ${registrationStateSql} AS a FROM ${tempTable} t LEFT JOIN domains d ON d.id = t.domain_id) s
        WHERE s.a IS DISTINCT FROM s.b),
     closed AS (
       UPDATE registration_versions v SET valid_to = $2 FROM moved m WHERE v.valid_to = 'infinity' AND v.domain_id = m.domain_id),
     opened AS (
       INSERT INTO registration_versions (domain_id, valid_from, valid_to, registrar_handle, domain_name, a_label, created_at, state)
       SELECT m.domain_id, $2, 'infinity', d.registrar_handle, d.u_label, d.a_label, d.created_at, m.a FROM moved m JOIN domains d ON d.id = m.domain_id)
     INSERT INTO registration_changes (at, feed_seq, domain_id, domain_name, kind, registrar_before, registrar_after, before, after)
     SELECT $2, $1, x.domain_id, COALESCE(x.a->>'name', x.b->>'name'),
            CASE WHEN x.b IS NULL THEN 'created' WHEN x.a IS NULL THEN 'deleted' ELSE 'changed' END,
            x.b->>'registrar', x.a->>'registrar',
            CASE WHEN x.b IS NULL THEN '{}' WHEN x.a IS NULL THEN x.b ELSE diff.before END,
            CASE WHEN x.a IS NULL THEN '{}' WHEN x.b IS NULL THEN x.a ELSE diff.after END
       FROM moved x
       CROSS JOIN LATERAL (SELECT jsonb_object_agg(k, x.b->k) AS before, jsonb_object_agg(k, x.a->k) AS after
                             FROM jsonb_object_keys(COALESCE(x.a, x.b)) k WHERE (x.b->k) IS DISTINCT FROM (x.a->k)) diff`,
    [feedSeq, at],
  );
  return result.rowCount ?? 0;
}
