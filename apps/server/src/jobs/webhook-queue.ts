import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { jobQueueSchema, queueNames } from '../db/job-queue-schema';
import { connectionOf, type Executor } from './job-queue';

/*
 * Delivery jobs: one queued per endpoint at most (the queue's `short` policy on the endpoint's id as
 * singleton key), added in the transaction of the event that needs it, so a rolled-back change
 * queues nothing and a committed one has its delivery queued with it. The worker
 * (webhook-delivery.ts) sends everything the endpoint has not received, in order.
 */

export interface DeliveryJob {
  endpointId: string;
}

// Only its insert is used, always on the executor given (as the mail outbox does).
const boss = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('webhook jobs are written through the executor given')) }, schema: jobQueueSchema });

/** Queues a delivery job for the endpoint, now or at `startAfter`; a job already waiting for it stands. */
export async function queueEndpoint(executor: Executor, endpointId: string, startAfter?: Date): Promise<void> {
  await boss.insert(
    [
      {
        name: queueNames.webhookDelivery,
        data: { endpointId } satisfies DeliveryJob,
        singletonKey: endpointId,
        ...(startAfter ? { startAfter: startAfter.toISOString() } : {}),
        // An instance killed mid-delivery: the job comes back once this is over (its row lock went with its connection).
        expireInSeconds: 120,
        retryLimit: 3,
        retryDelay: 5,
      },
    ],
    { db: connectionOf(executor) },
  );
}

/**
 * Queues the deliveries of events just written (in their transaction): a job for each enabled
 * endpoint of an event's registrar that wants its kind, each endpoint once, in one query whatever the
 * number of events (a feed batch writes thousands). Every writer of the stream calls it: the portal's
 * changes (modules/audit/), the registry's messages and the rules' hits (feed/, the rules' jobs); the
 * sweep (webhook-delivery.ts) only takes up what a lost job left.
 */
export async function queueDeliveries(executor: Executor, events: readonly { registrarHandle: string; kind: string }[]): Promise<void> {
  if (events.length === 0) return;
  const pairs = [...new Map(events.map((e) => [`${e.registrarHandle}\n${e.kind}`, e])).values()];
  const result = await executor.execute<{ id: string }>(
    sql`SELECT DISTINCT w.id::text AS id
          FROM webhook_endpoints w
          JOIN unnest(${sql.param(pairs.map((e) => e.registrarHandle))}::text[], ${sql.param(pairs.map((e) => e.kind))}::text[]) AS x(registrar_handle, kind)
            ON w.registrar_handle = x.registrar_handle AND x.kind = ANY(w.event_kinds)
         WHERE w.enabled
         ORDER BY 1`,
  );
  for (const { id } of result.rows) await queueEndpoint(executor, id);
}
