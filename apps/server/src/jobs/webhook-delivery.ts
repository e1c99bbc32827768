import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { queueNames } from '../db/job-queue-schema';
import { deliverEndpoint, type DeliveryDeps } from '../modules/webhooks/webhook-delivery';
import type { DeliveryJob } from './webhook-queue';
import { queueEndpoint } from './webhook-queue';
import { endpointsBehind } from '../modules/webhooks/webhooks.repository';

/**
 * Webhook deliveries on this instance: the queue's jobs (one per endpoint with something to send),
 * several endpoints at once; and a sweep, at start and every minute, that queues again any endpoint
 * behind whose job was lost (an instance killed mid-delivery, a retry time passed).
 */
export async function startWebhookDelivery(options: {
  boss: PgBoss;
  deps: DeliveryDeps;
  log: Pick<FastifyBaseLogger, 'error'>;
  pollingIntervalSeconds?: number;
}) {
  const { boss, deps, log } = options;
  const sweep = async () => {
    for (const id of await endpointsBehind(deps.db, new Date())) await queueEndpoint(deps.db, id);
  };
  await sweep().catch((error: unknown) => log.error({ err: error }, 'webhooks: sweep at start failed'));
  // Every minute, once across the fleet (pg-boss's cron).
  await boss.schedule(queueNames.webhookSweep, '* * * * *', {});
  await boss.work(queueNames.webhookSweep, async () => sweep());
  await boss.work<DeliveryJob>(queueNames.webhookDelivery, { batchSize: 5, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 }, async (jobs) => {
    await Promise.all(
      jobs.map(async (job) => {
        await deliverEndpoint(deps, job.data.endpointId).catch((error: unknown) => {
          log.error({ err: error, endpoint: job.data.endpointId }, 'webhooks: delivery failed; the sweep takes it up again');
        });
      }),
    );
  });
}
