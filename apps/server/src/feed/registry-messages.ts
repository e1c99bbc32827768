import { drizzle } from 'drizzle-orm/node-postgres';
import type { PoolClient } from 'pg';
import { registryMessageEventKind } from '@registrar-panel/contract';
import { insertEvent } from '../db/event-writer';
import { queueDeliveries } from '../jobs/webhook-queue';
import type { FeedChange, MessageData } from './format';

/*
 * The registry's messages in the feed (docs/registry-feed.md, "Messages"): written once (a message
 * already stored is not changed by sending it again, so a resumed run or a file applied twice
 * stores nothing twice and raises no second event), removed by a delete, not part of a snapshot,
 * gone when its month's partition passes retention. Like EPP connection events, a message already
 * past retention when it arrives is accepted and not stored, one more than a day ahead of the
 * importer's clock is refused. Each message stored becomes an event of the registrar's stream
 * (an announcement to all: of every registrar's) in the batch's transaction, through the one
 * event writer (db/event-writer.ts), so the stream never holds a message the batch did not commit.
 */

export interface MessageRules {
  /** Messages older than this many days are not stored. */
  retentionDays: number;
  now: () => Date;
  /** Makes the monthly partitions of the messages (and of the event stream) from one instant's month to another's, before a batch's transaction. */
  ensurePartitions: (from: Date, to: Date) => Promise<unknown>;
}

const dayMs = 86_400_000;

export const messageNotInSnapshot = 'a message line is not part of a snapshot: send it before the snapshot begins or after it ends';

export function messageFutureProblem(data: MessageData, now: Date): string | null {
  return data.at.getTime() > now.getTime() + dayMs ? `at: ${data.at.toISOString()} is more than a day ahead of the importer's clock` : null;
}

export const messagesRetainedSince = (rules: MessageRules) => new Date(rules.now().getTime() - rules.retentionDays * dayMs);

/** Makes the partitions the batch's stored messages fall in; runs before the batch's transaction (a new partition locks the parent). */
export async function prepareMessagePartitions(changes: readonly { change: FeedChange }[], rules: MessageRules): Promise<void> {
  const since = messagesRetainedSince(rules).getTime();
  // Only what can be stored: a message past retention is skipped, one too far ahead refused (a year-9999 line must not make 95,000 partitions).
  const until = rules.now().getTime() + dayMs;
  const times = changes.flatMap(({ change }) =>
    change.type === 'message' && change.op === 'upsert' && change.data.at.getTime() >= since && change.data.at.getTime() <= until
      ? [change.data.at.getTime()]
      : [],
  );
  if (times.length === 0) return;
  await rules.ensurePartitions(new Date(Math.min(...times)), new Date(Math.max(...times, rules.now().getTime())));
}

interface StoredMessage {
  id: string;
  at: Date;
  registrar_handle: string | null;
  kind: string;
  domain_name: string | null;
}

/** Stores the messages not stored yet and within retention, and records an event for each one stored. */
export async function insertMessages(client: PoolClient, messages: MessageData[], since: Date): Promise<void> {
  if (messages.length === 0) return;
  const firstSeen = new Map<number, MessageData>();
  for (const m of messages) if (!firstSeen.has(m.id)) firstSeen.set(m.id, m);
  const rows = [...firstSeen.values()].map((m) => ({ id: m.id, at: m.at, registrar_handle: m.registrar, kind: m.kind, domain_name: m.domain, text: m.text }));
  const stored = await client.query<StoredMessage>(
    `WITH n AS (
       SELECT * FROM json_to_recordset($1::json) AS n(id bigint, at timestamptz, registrar_handle text, kind text, domain_name text, text text)
     )
     INSERT INTO registry_messages (id, at, registrar_handle, kind, domain_name, text)
     SELECT id, at, registrar_handle, kind, domain_name, text FROM n
      WHERE at >= $2 AND NOT EXISTS (SELECT 1 FROM registry_messages m WHERE m.id = n.id)
     ON CONFLICT DO NOTHING
     RETURNING id::text AS id, at, registrar_handle, kind, domain_name`,
    [JSON.stringify(rows), since],
  );
  if (stored.rows.length === 0) return;
  const everyone = stored.rows.some((m) => m.registrar_handle === null)
    ? (await client.query<{ handle: string }>('SELECT handle FROM registrars ORDER BY handle')).rows.map((r) => r.handle)
    : [];
  const executor = drizzle({ client });
  // Events in the lines' order, whatever order the database returned the rows in.
  const order = new Map([...firstSeen.keys()].map((id, i) => [id, i] as const));
  const raised: { registrarHandle: string; kind: string }[] = [];
  for (const message of [...stored.rows].sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!)) {
    const data = { id: Number(message.id), at: new Date(message.at).toISOString(), kind: message.kind, domain: message.domain_name };
    for (const registrarHandle of message.registrar_handle === null ? everyone : [message.registrar_handle]) {
      await insertEvent(executor, { registrarHandle, kind: registryMessageEventKind, actor: null, data });
      raised.push({ registrarHandle, kind: registryMessageEventKind });
    }
  }
  // Their webhooks' deliveries, queued with them (each endpoint once for the batch).
  await queueDeliveries(executor, raised);
}

/** Removes messages by id (whatever their month), with users' read marks on them. */
export async function deleteMessages(client: PoolClient, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query(
    `WITH gone AS (DELETE FROM registry_messages WHERE id = ANY($1::bigint[]) RETURNING id)
     DELETE FROM registry_message_reads WHERE message_id IN (SELECT id FROM gone)`,
    [ids],
  );
}
