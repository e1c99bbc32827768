import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { queueNames } from '../db/job-queue-schema';
import { sendEppPasswordAgeNotices, type AgeNoticeDeps } from '../modules/epp/epp-password-age-notices';

/*
 * The EPP password's age reminders (modules/epp/epp-password-age-notices.ts): a pg-boss schedule fires
 * the job once across the fleet; each password is claimed in the database besides, so even two runs at
 * once mail a password once.
 */

/** Twenty past every hour, Brussels time: a password that turns too old is reminded of within the hour. */
export const eppPasswordAgeSchedule = { cron: '20 * * * *', tz: 'Europe/Brussels' } as const;

/** Schedules the job and works it on this instance (pg-boss gives each run to one instance). */
export async function startEppPasswordAge(options: { boss: PgBoss; deps: AgeNoticeDeps; log: FastifyBaseLogger }) {
  const { boss, log } = options;
  await boss.schedule(queueNames.eppPasswordAge, eppPasswordAgeSchedule.cron, {}, { tz: eppPasswordAgeSchedule.tz });
  await boss.work(queueNames.eppPasswordAge, async () => {
    const reminded = await sendEppPasswordAgeNotices(options.deps);
    if (reminded.length > 0) log.info({ count: reminded.length, registrars: reminded }, 'EPP passwords: age reminders queued');
  });
}
