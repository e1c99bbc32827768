import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { Outbox } from '../../mail/outbox';
import { administratorRecipients, distinctRecipients } from '../../mail/recipients';
import { claimAgeNotice, passwordsDueForAgeNotice } from './epp-password-life.repository';
import { daysSince, tooOldBefore } from './epp-password-life.service';
import { eppPasswordAgeMail, type PasswordMailContext } from './epp-password-mail';

export interface AgeNoticeDeps {
  db: Db;
  directory: UserDirectory;
  outbox: Outbox;
  log: FastifyBaseLogger;
  maxAgeDays: number;
  mail: Omit<PasswordMailContext, 'registrarHandle'>;
}

/**
 * Mails the ADMIN users of every registrar whose EPP password is older than the policy, once per
 * password: each is claimed (`epp_password_age_notice_at`, which every change of the password clears)
 * in the transaction that queues its mails, so runs that overlap, on one instance or several, mail
 * it once. A registrar whose users cannot be listed now is left unclaimed for the next run. Answers
 * the registrars this run reminded.
 */
export async function sendEppPasswordAgeNotices(deps: AgeNoticeDeps, now: Date = new Date()): Promise<string[]> {
  const due = await passwordsDueForAgeNotice(deps.db, tooOldBefore(deps.maxAgeDays, now));
  const reminded: string[] = [];
  for (const { handle, changedAt } of due) {
    const users = await deps.directory.listUsers(handle).catch((error: unknown) => {
      deps.log.error({ err: error, registrar: handle }, "EPP password age: the registrar's administrators could not be listed; tried again next run");
      return undefined;
    });
    if (!users) continue;
    const recipients = distinctRecipients(administratorRecipients(users));
    const age = { changedAt, days: daysSince(changedAt, now), maxAgeDays: deps.maxAgeDays };
    const context = { ...deps.mail, registrarHandle: handle };
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await claimAgeNotice(tx, handle, changedAt, now))) return false;
      await deps.outbox.add(tx, ...recipients.map(({ email, language }) => ({ to: email, ...eppPasswordAgeMail(age, context, language) })));
      return true;
    });
    if (claimed) reminded.push(handle);
  }
  return reminded;
}
