import { brusselsDay } from '@registrar-panel/contract';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { UserDirectory } from '../identity/directory/user-directory';
import { queueNames } from './job-queue';

/*
 * Users with an access end day (time-limited access, for contractors) are disabled once the day has
 * passed in Brussels. The embedded identity service refuses them at sign-in and at every token
 * refresh from 00:00 already; Keycloak knows nothing of the day, so there this job is what ends
 * their access. A pg-boss schedule fires it once across the fleet.
 */

/** Five minutes past every hour, in Brussels: a day's ends are enforced by 00:05, a missed run an hour later. */
export const accessEndSchedule = { cron: '5 * * * *', tz: 'Europe/Brussels' } as const;

/** Disables every user whose access end day is before today in Brussels; answers their usernames. */
export async function applyAccessEnds(directory: UserDirectory, now = new Date()): Promise<string[]> {
  return directory.disableEndedAccess(brusselsDay(now));
}

/** Schedules the job and works it on this instance (pg-boss gives each run to one instance). */
export async function startAccessEnd(options: { boss: PgBoss; directory: UserDirectory; log: FastifyBaseLogger }) {
  const { boss, log } = options;
  await boss.schedule(queueNames.accessEnd, accessEndSchedule.cron, {}, { tz: accessEndSchedule.tz });
  await boss.work(queueNames.accessEnd, async () => {
    const disabled = await applyAccessEnds(options.directory);
    if (disabled.length > 0) log.info({ count: disabled.length, usernames: disabled }, 'access end: users disabled');
  });
}
