import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/database';
import { queueNames } from '../db/job-queue-schema';
import { ruleDigestSchedule } from '@registrar-panel/contract';
import { checkExpiries, countStaleSearches } from '../modules/notification-rules/rule-jobs';
import { sendRuleHitMails, type RuleMailDeps } from '../modules/notification-rules/rule-mail';

/*
 * The notification rules the feed's batches leave to jobs (modules/notification-rules/rule-jobs.ts):
 * saved searches a batch made stale are counted every minute, expiries once a day at 06:00 Brussels
 * (before the 07:00 digest). Hits are mailed every minute to those who want them at once, and in
 * the digest at 07:00 Brussels (modules/notification-rules/rule-mail.ts). pg-boss fires each schedule
 * once across the fleet; the rules and hits are claimed in the database besides, so two runs at once
 * tell and mail nothing twice.
 */

export const ruleSearchCountSchedule = { cron: '* * * * *', tz: 'Europe/Brussels' } as const;
export const ruleExpirySchedule = { cron: '0 6 * * *', tz: 'Europe/Brussels' } as const;
/** Hits mailed at once: within about a minute of being made, grouped per user. */
export const ruleMailImmediateSchedule = { cron: '* * * * *', tz: 'Europe/Brussels' } as const;

export async function startNotificationRules(options: { boss: PgBoss; db: Db; tld: string; log: FastifyBaseLogger; mail: RuleMailDeps }) {
  const { boss, db, tld, log, mail } = options;
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
  await boss.schedule(queueNames.ruleMailImmediate, ruleMailImmediateSchedule.cron, {}, { tz: ruleMailImmediateSchedule.tz });
  await boss.work(queueNames.ruleMailImmediate, async () => {
    const mails = await sendRuleHitMails(mail, 'immediate');
    if (mails > 0) log.info({ mails }, 'notification rules: hits mailed');
  });
  await boss.schedule(queueNames.ruleMailDigest, ruleDigestSchedule.cron, {}, { tz: ruleDigestSchedule.tz });
  await boss.work(queueNames.ruleMailDigest, async () => {
    const mails = await sendRuleHitMails(mail, 'digest');
    log.info({ mails }, 'notification rules: digests mailed');
  });
}
