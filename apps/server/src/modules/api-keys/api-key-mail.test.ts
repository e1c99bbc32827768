import { addCalendarDays, brusselsDay, formatDay } from '@registrar-panel/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema';
import { startSmtpListener, type ReceivedMail, type SmtpListener } from '../../identity/testing/smtp-listener';
import { createActiveUser } from '../../identity/testing/users';
import { apiKeyExpirySchedule } from '../../jobs/api-key-expiry';
import { startBackgroundWork, type BackgroundWork } from '../../jobs/background';
import { jobQueueSchema, queueNames } from '../../db/job-queue-schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendApiKeyExpiryNotices } from './api-key-expiry-notices';
import { adminOf, createKey } from './api-keys.test-support';

/*
 * The keys' notices over a real SMTP listener: at creation and 14 days before the expiry day, to the
 * registrar's technical contact and its ADMIN users, each once, never with the secret.
 */

let t: TestApp;
let smtp: SmtpListener;
let background: BackgroundWork;
const today = brusselsDay();
// As the users' records spell them: one mail each, whatever the letter case.
const recipients = ['tech@alpha.example', 'ada@mail.example', 'BOSS@mail.example'];
const expectedAddressees = recipients.map((to) => to.toLowerCase()).sort();

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createActiveUser(t.database.db, t.config, { username: 'admin@alpha', roles: ['ADMIN'], email: 'ada@mail.example' });
  await createActiveUser(t.database.db, t.config, { username: 'boss@alpha', roles: ['ADMIN', 'SUPPORT'], email: 'BOSS@mail.example' });
  await createActiveUser(t.database.db, t.config, { username: 'sam@alpha', roles: ['SUPPORT'], email: 'sam@mail.example' });
  await createActiveUser(t.database.db, t.config, { username: 'tess@alpha', roles: ['TECH'], email: 'tech@alpha.example' });
  background = await startBackgroundWork(t.app, { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await background?.stop();
  await t?.close();
  await smtp?.close();
});

/** Waits until the relay has handed every queued mail to the SMTP listener. */
async function relayIdle(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(jobQueueSchema)}.job WHERE name = ${queueNames.mail} AND state <> 'completed'`,
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error('the relay did not send every mail');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const about = (subject: string) => smtp.received.filter((mail) => mail.subject.includes(subject));
const addressees = (mails: ReceivedMail[]) => mails.flatMap((mail) => mail.to.map((to) => to.toLowerCase())).sort();

describe('the creation notice', () => {
  it('goes to the technical contact and each ADMIN once, tells the key, never its secret', async () => {
    const created = await createKey(t, { name: 'Nightly sync', scopes: ['registrations', 'billing'], allowedAddresses: ['198.51.100.0/24'] });
    const subject = 'API key "Nightly sync" created for registrar alpha';
    for (const to of recipients) await smtp.waitFor(to, subject);
    await relayIdle();
    const mails = about(subject);
    expect(addressees(mails)).toEqual(expectedAddressees);
    const text = mails[0]?.text ?? '';
    expect(text).toContain('Name: Nightly sync');
    expect(text).toContain(`Key: ${created.apiKey.prefix}_…`);
    expect(text).toContain('Scopes: registrations (');
    expect(text).toContain('billing (billing lines and their CSV)');
    expect(text).toContain('Allowed IP addresses: 198.51.100.0/24');
    expect(text).toContain(`Expires: at the end of ${formatDay(created.apiKey.expiresOn)} (Brussels time)`);
    expect(text).toContain('Created by: Ada Admin (admin@alpha)');
    expect(text).toContain('From IP address: 127.0.0.1');
    for (const mail of mails) expect(mail.text).not.toContain(created.secret.slice(-43));
  });
});

describe('the expiry notice', () => {
  it(`is scheduled every hour in Brussels`, async () => {
    const { rows } = await t.database.db.execute<{ cron: string; timezone: string }>(
      sql`SELECT cron, options->>'tz' AS timezone FROM ${sql.identifier(jobQueueSchema)}.schedule WHERE name = ${queueNames.apiKeyExpiry}`,
    );
    expect(rows).toEqual([{ cron: apiKeyExpirySchedule.cron, timezone: 'Europe/Brussels' }]);
  });

  it('goes out once, 14 days ahead, even when the job runs twice at once; not for revoked, expired or short-lived keys', async () => {
    const due = await createKey(t, { name: 'Quarterly report', scopes: ['domainReport'], expiresOn: addCalendarDays(today, 40) });
    const later = await createKey(t, { name: 'Later', expiresOn: addCalendarDays(today, 15) });
    const revoked = await createKey(t, { name: 'Revoked', expiresOn: addCalendarDays(today, 40) });
    const expired = await createKey(t, { name: 'Expired', expiresOn: addCalendarDays(today, 40) });
    // Created to last less than the notice period: its creation notice told the day already.
    const shortLived = await createKey(t, { name: 'Short-lived', expiresOn: addCalendarDays(today, 5) });
    const setExpiry = (id: string, days: number) =>
      t.database.db
        .update(apiKeys)
        .set({ expiresOn: addCalendarDays(today, days) })
        .where(eq(apiKeys.id, id));
    await setExpiry(due.apiKey.id, 14);
    await setExpiry(revoked.apiKey.id, 10);
    await setExpiry(expired.apiKey.id, -1);
    await t.app.inject({
      method: 'DELETE',
      url: `/services/apiKeys/${revoked.apiKey.id}`,
      headers: { authorization: `Bearer ${await t.tokenFor(adminOf('alpha'))}` },
    });

    const deps = { db: t.app.db, directory: t.app.userDirectory, outbox: t.app.outbox, log: t.app.log, config: t.config };
    const runs = await Promise.all([sendApiKeyExpiryNotices(deps), sendApiKeyExpiryNotices(deps), sendApiKeyExpiryNotices(deps)]);
    expect(runs.flat()).toEqual([due.apiKey.id]);
    expect(await sendApiKeyExpiryNotices(deps)).toEqual([]);

    const subject = `API key "Quarterly report" of registrar alpha expires on ${formatDay(addCalendarDays(today, 14))}`;
    for (const to of recipients) await smtp.waitFor(to, subject);
    await relayIdle();
    const mails = about(subject);
    expect(addressees(mails)).toEqual(expectedAddressees);
    const text = mails[0]?.text ?? '';
    expect(text).toContain('expires in 14 days');
    expect(text).toContain(`Key: ${due.apiKey.prefix}_…`);
    expect(text).toContain('Scopes: domainReport (the domain report CSV)');
    expect(text).toContain('Created by: admin@alpha');
    expect(text).not.toContain(due.secret.slice(-43));
    for (const name of ['Later', 'Revoked', 'Expired', 'Short-lived']) expect(about(`"${name}" of registrar`), name).toEqual([]);

    // The day the later key comes within 14 days, it is its turn, once.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await sendApiKeyExpiryNotices(deps, tomorrow)).toEqual([later.apiKey.id]);
    expect(await sendApiKeyExpiryNotices(deps, tomorrow)).toEqual([]);
    expect(shortLived.apiKey.state).toBe('active');
  });
});
