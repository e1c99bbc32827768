import { sql } from 'drizzle-orm';
import type { Db } from './database';

/*
 * The one writer of the registrar's event stream (the `events` table): the audit trail
 * (modules/audit/) and the feed's importer (feed/registry-messages.ts) both append through it, in
 * their own transaction. It lives on the database floor because the feed may not import modules/.
 */

/** Anything that runs SQL: the database or a transaction of it. */
export type Executor = Pick<Db, 'execute'>;

/**
 * Appends an event to the registrar's stream in the caller's transaction. The registrar's counter row
 * is taken (and locked until that transaction ends) by the same statement: the registrar's next writer
 * waits for this one, so a higher `seq` never commits before a lower one and a reader's cursor never
 * passes an event still to commit. A rolled-back change gives its number back.
 */
export async function insertEvent(executor: Executor, event: { registrarHandle: string; kind: string; actor: string | null; data: Record<string, unknown> }) {
  const result = await executor.execute<{ seq: number; id: string }>(sql`
    WITH next AS (
      INSERT INTO event_sequences (registrar_handle, last_seq) VALUES (${event.registrarHandle}, 1)
      ON CONFLICT (registrar_handle) DO UPDATE SET last_seq = event_sequences.last_seq + 1
      RETURNING last_seq
    )
    INSERT INTO events (registrar_handle, seq, kind, actor, data)
    SELECT ${event.registrarHandle}, last_seq, ${event.kind}, ${event.actor}, ${JSON.stringify(event.data)}::jsonb FROM next
    RETURNING seq::float8 AS seq, id::text AS id`);
  const row = result.rows[0];
  if (!row) throw new Error('event not recorded');
  return row;
}
