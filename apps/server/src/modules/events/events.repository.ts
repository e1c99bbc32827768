import { sql } from 'drizzle-orm';

export { insertEvent, type Executor } from '../../db/event-writer';
import type { Executor } from '../../db/event-writer';

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
