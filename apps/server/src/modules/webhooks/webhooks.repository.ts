import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { intoMonthlyPartition } from '../../db/into-monthly-partition';
import { webhookAttempts, webhookEndpoints } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type NewAttempt = Omit<typeof webhookAttempts.$inferInsert, 'id'>;

/** Serialises a registrar's endpoint creations, so the cap holds when two race. */
export async function lockEndpointCreation(tx: Db, registrarHandle: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${registrarHandle}`}))`);
}

export async function countEndpoints(db: Db, registrarHandle: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.registrarHandle, registrarHandle));
  return row?.count ?? 0;
}

export async function listEndpoints(db: Db, registrarHandle: string): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.registrarHandle, registrarHandle)).orderBy(webhookEndpoints.createdAt);
}

/** One endpoint of the registrar; another registrar's is none. */
export async function findEndpoint(db: Db, registrarHandle: string, id: string): Promise<EndpointRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.registrarHandle, registrarHandle), eq(webhookEndpoints.id, id)));
  return row;
}

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('endpoint not inserted');
  return row;
}

export async function updateEndpoint(db: Db, id: string, values: Partial<typeof webhookEndpoints.$inferInsert>): Promise<EndpointRow> {
  const [row] = await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  if (!row) throw new Error('endpoint not updated');
  return row;
}

/** Deletes an endpoint and its delivery log. */
export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  await db.delete(webhookAttempts).where(eq(webhookAttempts.endpointId, id));
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The endpoint, locked for this transaction; none when another transaction holds it (a delivery in flight) or it is gone. */
export async function claimEndpoint(tx: Db, id: string): Promise<EndpointRow | undefined> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update', { skipLocked: true });
  return row;
}

export async function endpointExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row !== undefined;
}

/** Enabled endpoints with an event after their cursor, or a retry due: what the sweep queues again. */
export async function endpointsBehind(db: Db, now: Date): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT e.id::text AS id FROM webhook_endpoints e JOIN event_sequences s ON s.registrar_handle = e.registrar_handle
    WHERE e.enabled AND s.last_seq > e.cursor_seq AND (e.next_attempt_at IS NULL OR e.next_attempt_at <= ${now})`);
  return result.rows.map((row) => row.id);
}

export async function insertAttempt(db: Db, values: NewAttempt): Promise<AttemptRow> {
  // The attempt's own instant picks the month: a delivery's clock may be past the database's month end.
  const [row] = await intoMonthlyPartition(db, 'webhook_attempts', (tx) => tx.insert(webhookAttempts).values(values).returning(), values.at);
  if (!row) throw new Error('attempt not inserted');
  return row;
}

/** A page of the endpoint's attempts, newest first; one more than asked tells whether more follow. */
export async function listAttempts(db: Db, endpointId: string, offset: number, limit: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id))
    .offset(offset)
    .limit(limit);
}

export async function findAttempt(db: Db, endpointId: string, id: string): Promise<AttemptRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.endpointId, endpointId), eq(webhookAttempts.id, Number(id))));
  return row;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
