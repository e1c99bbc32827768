import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** Anything that runs SQL: the database or a transaction of it. */
export type Executor = Pick<Db, 'execute'>;

export type EventRow = {
  registrarHandle: string;
  seq: number;
  at: Date;
  id: string;
  kind: string;
  actor: string | null;
  data: Record<string, unknown>;
};

const columns = sql`registrar_handle AS "registrarHandle", seq::float8 AS seq, at, id::text AS id, kind, actor, data`;

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

/** The registrar's events after `after`, oldest first. */
export async function eventsAfter(executor: Executor, registrarHandle: string, after: number, limit: number, kinds?: readonly string[]): Promise<EventRow[]> {
  const kindFilter = kinds ? sql`AND kind = ANY(${sql.param([...kinds])}::text[])` : sql``;
  const result = await executor.execute<EventRow>(
    sql`SELECT ${columns} FROM events WHERE registrar_handle = ${registrarHandle} AND seq > ${after} ${kindFilter} ORDER BY seq LIMIT ${limit}`,
  );
  return result.rows.map((row) => ({ ...row, at: new Date(row.at) }));
}

/** One event of the registrar, by its seq; none once past retention. */
export async function eventBySeq(executor: Executor, registrarHandle: string, seq: number): Promise<EventRow | undefined> {
  const result = await executor.execute<EventRow>(sql`SELECT ${columns} FROM events WHERE registrar_handle = ${registrarHandle} AND seq = ${seq}`);
  const row = result.rows[0];
  return row ? { ...row, at: new Date(row.at) } : undefined;
}

/** The registrar's last event number (0 before its first). */
export async function lastSeq(executor: Executor, registrarHandle: string): Promise<number> {
  const result = await executor.execute<{ last: number }>(
    sql`SELECT last_seq::float8 AS last FROM event_sequences WHERE registrar_handle = ${registrarHandle}`,
  );
  return result.rows[0]?.last ?? 0;
}
