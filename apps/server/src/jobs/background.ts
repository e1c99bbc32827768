import type { FastifyInstance } from 'fastify';
import { demoMailboxTransport, smtpTransport, startMailRelay, type RelayEvents } from '../mail/relay';
import { startJobQueue } from './job-queue';
import { startRetention } from './retention';
import { startAccessEnd } from './access-end';
import { startApiKeyExpiry } from './api-key-expiry';
import { startEppCertificateExpiry } from './epp-certificate-expiry';
import { startEppPasswordAge } from './epp-password-age';
import { productNameOf } from '../identity/directory/identity-mail';
import { startWebhookDelivery } from './webhook-delivery';
import { startPartitionCopy } from './partition-copy';
import { startNotificationRules } from './notification-rules';
import type { RuleMailDeps } from '../modules/notification-rules/rule-mail';

/** Sent mail moves to the queue's archive after an hour (kept there MAIL_RETENTION_DAYS, then deleted). */
const archiveSentAfterSeconds = 3600;

/**
 * The work every instance does besides answering requests: the mail relay, the retention job, the
 * access-end job, the API keys' and the EPP client certificates' expiry reminders, the EPP
 * passwords' age reminders, the notification rules' jobs and their hits' mails, on the job queue;
 * and the copy of migration 0025's old rows. Started by server.ts once the app is built (tests
 * start it only when they test it), stopped before the database closes: the mails being sent
 * finish first.
 */
export async function startBackgroundWork(app: FastifyInstance, events: RelayEvents & { pollingIntervalSeconds?: number } = {}) {
  const { config, log } = app;
  const boss = await startJobQueue({
    pool: app.database.pool,
    onError: (error) => log.error({ err: error }, 'job queue: background work failed; it goes on'),
    retention: { archiveCompletedAfterSeconds: archiveSentAfterSeconds, deleteAfterDays: config.retention.mailDays },
  });
  const smtp = config.smtpUrl ? smtpTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, timeoutMs: config.smtpTimeoutMs }) : undefined;
  const onAttempt = (outcome: 'sent' | 'failed') => {
    app.metrics.mailAttempts.inc({ outcome });
    events.onAttempt?.(outcome);
  };
  await startMailRelay({ boss, send: smtp?.send ?? demoMailboxTransport(app.db), log, pollingIntervalSeconds: events.pollingIntervalSeconds, onAttempt });
  await startRetention({ boss, db: app.db, policy: config.retention, log });
  // Migration 0025's old rows, copied into the partitioned tables while the instance serves.
  const partitionCopy = startPartitionCopy({ db: app.db, log });
  await startAccessEnd({ boss, directory: app.userDirectory, log });
  await startApiKeyExpiry({ boss, deps: { db: app.db, directory: app.userDirectory, outbox: app.outbox, log, config }, log });
  await startEppCertificateExpiry({ boss, deps: { db: app.db, directory: app.userDirectory, outbox: app.outbox, log, config }, log });
  await startEppPasswordAge({ boss, deps: eppPasswordAgeDeps(app), log });
  await startNotificationRules({ boss, db: app.db, tld: config.tld, log, mail: ruleMailDeps(app) });
  await startWebhookDelivery({
    boss,
    deps: { db: app.db, config, directory: app.userDirectory, outbox: app.outbox, log },
    log,
    pollingIntervalSeconds: events.pollingIntervalSeconds,
  });
  return {
    boss,
    async stop() {
      await partitionCopy.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
      smtp?.close();
    },
  };
}

/** What the EPP password age job needs, from the app (tests run the same job with it). */
export function eppPasswordAgeDeps(app: FastifyInstance) {
  const { config } = app;
  const mail = { publicUrl: config.publicUrl, supportEmail: config.supportEmail, productName: productNameOf(config.tld) };
  return { db: app.db, directory: app.userDirectory, outbox: app.outbox, log: app.log, maxAgeDays: config.eppPasswordMaxAgeDays, mail };
}

/** What the rule hit mails need, from the app (tests run the same job with it). */
export function ruleMailDeps(app: FastifyInstance): RuleMailDeps {
  const { config } = app;
  return { db: app.db, directory: app.userDirectory, outbox: app.outbox, log: app.log, publicUrl: config.publicUrl, productName: productNameOf(config.tld) };
}

export type BackgroundWork = Awaited<ReturnType<typeof startBackgroundWork>>;
