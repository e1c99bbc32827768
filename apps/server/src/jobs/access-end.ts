import { brusselsDay } from '@registrar-panel/contract';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { UserDirectory } from '../identity/directory/user-directory';
import { queueNames } from '../db/job-queue-schema';

/*
 * Users with an access end day (time-limited access, for contractors) are disabled once the day has
 * passed in Brussels. The embedded identity service refuses them at sign-in and at every token
 * refresh from 00:00 already; Keycloak knows nothing of the day: its access tokens carry it and the
 * API refuses them from 00:00, and this job disables the user in Keycloak, so that its own pages
 * refuse them too. A pg-boss schedule fires it once across the fleet.
 */

/**
 * Every hour on the hour, in Brussels: a day's ends are applied in Keycloak at 00:00 (within the
 * queue's polling). The API refuses a Keycloak token past its access end day by itself from 00:00
 * (plugins/auth.ts), so a late or missed run leaves no gap for the portal.
 */
export const accessEndSchedule = { cron: '0 * * * *', tz: 'Europe/Brussels' } as const;

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
