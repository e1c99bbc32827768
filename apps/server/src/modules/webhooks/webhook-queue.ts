import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { jobQueueSchema, queueNames } from '../../db/job-queue-schema';
import { connectionOf, type Executor } from '../../jobs/job-queue';

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

/** Queues the deliveries of an event: a job for each enabled endpoint of the registrar that wants its kind. */
export async function queueDeliveries(executor: Executor, registrarHandle: string, kind: string): Promise<void> {
  const result = await executor.execute<{ id: string }>(
    sql`SELECT id::text AS id FROM webhook_endpoints WHERE registrar_handle = ${registrarHandle} AND enabled AND ${kind} = ANY(event_kinds)`,
  );
  for (const { id } of result.rows) await queueEndpoint(executor, id);
}
