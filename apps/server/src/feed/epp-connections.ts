import type { PoolClient } from 'pg';
import type { EppConnectionData, FeedChange } from './format';

/*
 * EPP connection events in the feed (docs/registry-feed.md, "EPP connection events"): a log, not
 * state. Each is written once and never changed (an id already stored is ignored, so a resumed run
 * or a file applied twice stores nothing twice), is not part of a snapshot (a snapshot lists what
 * exists; its end never deletes events), and leaves when its month's partition passes retention.
 * An event already older than retention when it arrives is accepted and not stored: the line is
 * right, the registry only sent it late. An event more than a day ahead of the importer's clock is
 * refused: clocks differ by seconds, not days.
 */

export interface EppEventRules {
  /** Events older than this many days are not stored. */
  retentionDays: number;
  now: () => Date;
  /** Makes the monthly partitions from one instant's month to another's, before a batch's transaction. */
  ensurePartitions: (from: Date, to: Date) => Promise<unknown>;
}

const dayMs = 86_400_000;
/** How far ahead of the importer's clock an event may be. */
export const eppEventLeeway = dayMs;

export const notInSnapshot = 'an eppConnection line is a log line, not part of a snapshot: send it before the snapshot begins or after it ends';

export function futureProblem(data: EppConnectionData, now: Date): string | null {
  return data.at.getTime() > now.getTime() + eppEventLeeway ? `at: ${data.at.toISOString()} is more than a day ahead of the importer's clock` : null;
}

/** The oldest instant stored: older events are past retention. */
export const retainedSince = (rules: EppEventRules) => new Date(rules.now().getTime() - rules.retentionDays * dayMs);

/** Makes the partitions the batch's stored events fall in; runs before the batch's transaction (a new partition locks the parent). */
export async function preparePartitions(changes: readonly { change: FeedChange }[], rules: EppEventRules): Promise<void> {
  const since = retainedSince(rules).getTime();
  // Only what can be stored: an event past retention is skipped, one too far ahead refused (a year-9999 line must not make 95,000 partitions).
  const until = rules.now().getTime() + eppEventLeeway;
  const times = changes.flatMap(({ change }) =>
    change.type === 'eppConnection' && change.op === 'upsert' && change.data.at.getTime() >= since && change.data.at.getTime() <= until
      ? [change.data.at.getTime()]
      : [],
  );
  if (times.length === 0) return;
  await rules.ensurePartitions(new Date(Math.min(...times)), new Date(Math.max(...times)));
}

/**
 * Stores the events not stored yet and within retention, and adds them to the daily counts
 * (`epp_connection_days`, per Brussels day) in the same statement, so the counts always match.
 */
export async function insertEppConnections(client: PoolClient, events: EppConnectionData[], since: Date): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({
    id: e.id,
    at: e.at,
    registrar_handle: e.registrar,
    address: e.address,
    outcome: e.outcome,
    reason: e.reason,
    fingerprint: e.fingerprint,
  }));
  await client.query(
    `WITH n AS (
       SELECT * FROM json_to_recordset($1::json) AS n(id bigint, at timestamptz, registrar_handle text, address text, outcome text, reason text, fingerprint text)
     ), stored AS (
       INSERT INTO epp_connection_events (id, at, registrar_handle, address, outcome, reason, fingerprint)
       SELECT id, at, registrar_handle, address, outcome, reason, fingerprint FROM n
        WHERE at >= $2 AND NOT EXISTS (SELECT 1 FROM epp_connection_events e WHERE e.id = n.id)
       ON CONFLICT DO NOTHING
       RETURNING registrar_handle, at, outcome, fingerprint
     )
     INSERT INTO epp_connection_days AS d (registrar_handle, day, outcome, fingerprint, count)
     SELECT registrar_handle, (at AT TIME ZONE 'Europe/Brussels')::date, outcome, coalesce(fingerprint, ''), count(*) FROM stored GROUP BY 1, 2, 3, 4
     ON CONFLICT (registrar_handle, day, outcome, fingerprint) DO UPDATE SET count = d.count + excluded.count`,
    [JSON.stringify(rows), since],
  );
}
