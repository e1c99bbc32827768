import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { sendApiKeyExpiryNotices, type ExpiryNoticeDeps } from '../modules/api-keys/api-key-expiry-notices';
import { queueNames } from '../db/job-queue-schema';

/*
 * The API keys' expiry reminders (modules/api-keys/api-key-expiry-notices.ts): a pg-boss schedule
 * fires the job once across the fleet; each key is claimed in the database besides, so even two
 * runs at once mail a key once.
 */

/** A quarter past every hour, in Brussels: a key reaches its reminder day by 00:15, a missed run is made up an hour later. */
export const apiKeyExpirySchedule = { cron: '15 * * * *', tz: 'Europe/Brussels' } as const;

/** Schedules the job and works it on this instance (pg-boss gives each run to one instance). */
export async function startApiKeyExpiry(options: { boss: PgBoss; deps: ExpiryNoticeDeps; log: FastifyBaseLogger }) {
  const { boss, log } = options;
  await boss.schedule(queueNames.apiKeyExpiry, apiKeyExpirySchedule.cron, {}, { tz: apiKeyExpirySchedule.tz });
  await boss.work(queueNames.apiKeyExpiry, async () => {
    const reminded = await sendApiKeyExpiryNotices(options.deps);
    if (reminded.length > 0) log.info({ count: reminded.length, apiKeys: reminded }, 'API keys: expiry reminders queued');
  });
}
