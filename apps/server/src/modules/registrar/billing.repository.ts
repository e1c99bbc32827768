import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { billingEvents } from '../../db/schema';

export type BillingEventRow = typeof billingEvents.$inferSelect;

/** A registrar's billing events in [from, to), oldest first (index billing_events_registrar_time_idx). */
export async function listBillingEvents(db: Db, registrarHandle: string, from: Date, to: Date): Promise<BillingEventRow[]> {
  return db
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.registrarHandle, registrarHandle), gte(billingEvents.eventAt, from), lt(billingEvents.eventAt, to)))
    .orderBy(asc(billingEvents.eventAt), asc(billingEvents.id));
}
