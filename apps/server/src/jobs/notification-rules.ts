import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/database';
import { queueNames } from '../db/job-queue-schema';
import { checkExpiries, countStaleSearches } from '../modules/notification-rules/rule-jobs';

/*
 * The notification rules the feed's batches leave to jobs (modules/notification-rules/rule-jobs.ts):
 * saved searches a batch made stale are counted every minute, expiries once a day at 06:00 Brussels
 * (before the 07:00 digest). pg-boss fires each schedule once across the fleet; the rules are
 * claimed in the database besides, so two runs at once tell nothing twice.
 */

export const ruleSearchCountSchedule = { cron: '* * * * *', tz: 'Europe/Brussels' } as const;
export const ruleExpirySchedule = { cron: '0 6 * * *', tz: 'Europe/Brussels' } as const;

export async function startNotificationRules(options: { boss: PgBoss; db: Db; tld: string; log: FastifyBaseLogger }) {
  const { boss, db, tld, log } = options;
  await boss.schedule(queueNames.ruleSearchCounts, ruleSearchCountSchedule.cron, {}, { tz: ruleSearchCountSchedule.tz });
  await boss.work(queueNames.ruleSearchCounts, async () => {
    const crossed = await countStaleSearches(db, tld);
    if (crossed > 0) log.info({ crossed }, 'notification rules: saved searches crossed their threshold');
  });
  await boss.schedule(queueNames.ruleExpiries, ruleExpirySchedule.cron, {}, { tz: ruleExpirySchedule.tz });
  await boss.work(queueNames.ruleExpiries, async () => {
    const hits = await checkExpiries(db);
    log.info({ hits }, 'notification rules: expiries checked');
  });
}
