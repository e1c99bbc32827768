import type { PoolClient } from 'pg';
import { registrationStateSql } from './change-record';

/*
 * The registrations' past (issue 34): each registration's states as versions in
 * `registration_versions`, valid from an instant until the next (`infinity` while current). A feed
 * batch closes and opens versions in the change record's own statement (change-record.ts), so both
 * agree by construction. Two moments give registrations a first version without a batch:
 * - the baseline: the first feed run after migration 0033 gives every registration then held a
 *   version from that instant, and records it as the instant from which the past is known;
 * - a snapshot into an empty database (bulk-snapshot.ts): every registration it loads gets a version
 *   from the snapshot's instant, which is when the past is known from if no version existed before.
 * Each is one statement over `domains`, never a row at a time.
 */

/** A version from `$1` for every registration of `domains d` that has no open one. */
const openVersionsSql = `INSERT INTO registration_versions (domain_id, valid_from, valid_to, registrar_handle, domain_name, a_label, created_at, state)
  SELECT d.id, $1, 'infinity', d.registrar_handle, d.u_label, d.a_label, d.created_at, ${registrationStateSql} FROM domains d
   WHERE NOT EXISTS (SELECT 1 FROM registration_versions v WHERE v.valid_to = 'infinity' AND v.domain_id = d.id)`;

/**
 * The baseline, in the caller's transaction: taken once, at the first feed run after the deploy;
 * a no-op afterwards. Returns whether it was taken now.
 */
export async function takeHistoryBaseline(client: PoolClient, at: Date): Promise<boolean> {
  const started = await client.query(`INSERT INTO registration_history_start (known_from) VALUES ($1) ON CONFLICT (one_row) DO NOTHING`, [at]);
  if ((started.rowCount ?? 0) === 0) return false;
  await client.query(openVersionsSql, [at]);
  return true;
}

/**
 * A snapshot loaded into an empty database, in its transaction (after its indexes are built, which the
 * states' subqueries need): its registrations' first versions start at `at`. When the history holds no
 * version at all, nothing before the snapshot was ever known, so the past is known from `at`.
 */
export async function openSnapshotVersions(client: PoolClient, at: Date): Promise<void> {
  await client.query(
    `INSERT INTO registration_history_start (known_from) VALUES ($1)
     ON CONFLICT (one_row) DO UPDATE SET known_from = EXCLUDED.known_from WHERE NOT EXISTS (SELECT 1 FROM registration_versions)`,
    [at],
  );
  await client.query(openVersionsSql, [at]);
}
