import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { queueNames } from '../db/job-queue-schema';
import { sendCertificateReminders } from '../modules/epp-certificates/certificate-reminders';
import type { EppCertificatesDeps } from '../modules/epp-certificates/epp-certificates.service';

/*
 * The EPP client certificates' expiry reminders (modules/epp-certificates/certificate-reminders.ts):
 * a pg-boss schedule fires the job once across the fleet; each reminder is claimed in the database
 * besides, so even two runs at once mail it once.
 */

/** Twenty past every hour, in Brussels: the last day's reminder goes out by 00:20 that day. */
export const eppCertificateExpirySchedule = { cron: '20 * * * *', tz: 'Europe/Brussels' } as const;

/** Schedules the job and works it on this instance (pg-boss gives each run to one instance). */
export async function startEppCertificateExpiry(options: { boss: PgBoss; deps: EppCertificatesDeps; log: FastifyBaseLogger }) {
  const { boss, log } = options;
  await boss.schedule(queueNames.eppCertificateExpiry, eppCertificateExpirySchedule.cron, {}, { tz: eppCertificateExpirySchedule.tz });
  await boss.work(queueNames.eppCertificateExpiry, async () => {
    const reminded = await sendCertificateReminders(options.deps);
    if (reminded.length > 0) log.info({ count: reminded.length, certificates: reminded }, 'EPP client certificates: expiry reminders queued');
  });
}
