import type { PoolClient } from 'pg';
import type { AcceptedChange } from './check';
import { keyOf } from './format';

/*
 * The keys a snapshot applied in batches has listed so far (`feed_snapshot_keys`), kept in the
 * database rather than in memory so that a snapshot a crash interrupted still deletes the right
 * things when its end line comes. The row of type 'snapshot' marks the snapshot as open; its key
 * is the begin line's sequence number. Every function runs in the caller's transaction.
 */

/** Entity types a snapshot's end deletes when it did not list them, children before what they hang on. */
const sweptTables = [
  { type: 'transfer', table: 'transfers', key: 'id::text' },
  { type: 'billingEvent', table: 'billing_events', key: 'id::text' },
  { type: 'domain', table: 'domains', key: 'id::text' },
  { type: 'contact', table: 'contacts', key: 'handle' },
] as const;

/** Contacts a listed registration still uses are kept even when the snapshot did not list them. */
const stillUsed = `EXISTS (SELECT 1 FROM domains d WHERE d.registrant_handle = contacts.handle)
                   OR EXISTS (SELECT 1 FROM domain_contacts c WHERE c.contact_handle = contacts.handle)`;

/** Whether a snapshot's begin was recorded and its end has not come yet. */
export async function snapshotIsOpen(client: PoolClient): Promise<boolean> {
  const { rows } = await client.query(`SELECT 1 FROM feed_snapshot_keys WHERE type = 'snapshot'`);
  return rows.length > 0;
}

/** Starts a new list: whatever an earlier, unfinished snapshot listed no longer counts. */
export async function openSnapshot(client: PoolClient, beginSeq: number): Promise<void> {
  await client.query('DELETE FROM feed_snapshot_keys');
  await client.query(`INSERT INTO feed_snapshot_keys (type, key) VALUES ('snapshot', $1)`, [String(beginSeq)]);
}

/** Adds the keys of the applied upserts to the list (deletes list nothing). */
export async function recordListedKeys(client: PoolClient, applied: AcceptedChange[]): Promise<void> {
  const keys = applied.filter((a) => a.change.op === 'upsert').map((a) => ({ type: a.change.type, key: keyOf(a.change as Parameters<typeof keyOf>[0]) }));
  if (keys.length === 0) return;
  await client.query(
    `INSERT INTO feed_snapshot_keys (type, key) SELECT type, key FROM json_to_recordset($1::json) AS k(type text, key text) ON CONFLICT DO NOTHING`,
    [JSON.stringify(keys)],
  );
}

/** The snapshot's end: deletes every entity it did not list (registrars never), then closes the list. */
export async function deleteUnlisted(client: PoolClient): Promise<void> {
  for (const { type, table, key } of sweptTables) {
    const keep = table === 'contacts' ? ` AND NOT (${stillUsed})` : '';
    await client.query(`DELETE FROM ${table} WHERE NOT EXISTS (SELECT 1 FROM feed_snapshot_keys k WHERE k.type = $1 AND k.key = ${table}.${key})${keep}`, [
      type,
    ]);
  }
  await client.query('DELETE FROM feed_snapshot_keys');
}
