import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, events, passkeys, users } from '../../db/schema';
import { mailOutbox } from '../../mail/outbox';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerPasskey, registrationOptions, type PasskeyDeps } from '../../identity/passkeys/passkeys';
import { relyingPartyOf } from '../../identity/passkeys/relying-party';
import { currentTotpCode } from '../../identity/sign-in/totp';
import { SignInDriver } from '../../identity/testing/sign-in-driver';
import { SoftwareAuthenticator } from '../../identity/testing/software-authenticator';
import { createActiveUser, testPassword } from '../../identity/testing/users';
import { recoverAdmin, RecoverAdminRefused } from './recover-admin';

/*
 * `npm run recover-admin`: the registry removes a registrar ADMIN's authenticator app and passkeys
 * and ends their sessions; the history says the registry did it, the user is mailed, and the next
 * sign-in sets up 2-step verification again.
 */
let t: TestApp;
let adminSecret = '';

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'acme' });
  const rp = relyingPartyOf(t.config.publicUrl);
  if (!rp.available) throw new Error('the test portal has a host name');
  const deps: PasskeyDeps = { db: t.database.db, rp, rpName: 'Test', now: () => new Date() };
  adminSecret = (await createActiveUser(t.database.db, t.config, { username: 'admin@acme', roles: ['ADMIN'], name: 'Ada Admin' })).secret ?? '';
  await createActiveUser(t.database.db, t.config, { username: 'sam@acme', roles: ['SUPPORT'] });
  const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin@acme'));
  const options = await registrationOptions(deps, { username: 'admin@acme', id: admin?.id ?? '', name: 'Ada' });
  expect((await registerPasskey(deps, 'admin@acme', new SoftwareAuthenticator(rp.origin).create(options), 'Lost key')).ok).toBe(true);
});
afterAll(async () => t?.close());

const outbox = () => mailOutbox({ retry: t.config.mailRetry, smtpTimeoutMs: t.config.smtpTimeoutMs });

describe('recover-admin', () => {
  it("removes an ADMIN's second factors, ends their sessions, records it as the registry's and mails them", async () => {
    // A session from before (signed in with the app's code): it cannot refresh afterwards.
    const driver = new SignInDriver(t.app, t.config, '198.51.100.9');
    await driver.start();
    await driver.submit({ username: 'admin@acme', password: testPassword });
    const uidBase = driver.formAction().replace(/\/passkey$/, '');
    await driver.follow(await driver.request('GET', `${uidBase}/use-code`), `${uidBase}/use-code`);
    const tokens = await driver.exchange(await driver.submit({ code: await currentTotpCode(adminSecret) }));
    await t.newMail();

    const result = await recoverAdmin({ db: t.database.db, outbox: outbox(), config: t.config }, 'admin@acme');
    expect(result).toEqual({ totpRemoved: true, passkeysRemoved: 1 });

    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'admin@acme'));
    expect(row?.totpSecretEncrypted).toBeNull();
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.username, 'admin@acme'))).toEqual([]);
    const [entry] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.secondFactorsRecover'));
    expect(entry).toMatchObject({
      registrarHandle: 'acme',
      username: 'registry',
      ip: null,
      details: { username: 'admin@acme', totpRemoved: true, passkeysRemoved: 1 },
    });
    expect(
      await t.database.db
        .select()
        .from(events)
        .where(and(eq(events.registrarHandle, 'acme'), eq(events.kind, 'user.secondFactorsRecover'))),
    ).toHaveLength(1);
    const mails = await t.newMail();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ['admin.acme@mail.example', 'Your 2-step verification on the .be registrar panel was reset by the registry'],
    ]);

    expect((await driver.refresh(tokens.refresh_token)).statusCode).toBe(400);
    // The next sign-in sets up the authenticator app again.
    const next = new SignInDriver(t.app, t.config, '198.51.100.10');
    await next.start();
    await next.submit({ username: 'admin@acme', password: testPassword });
    expect(next.page).toContain('id="totp-secret"');
  });

  it('refuses a user who is no ADMIN, and an unknown one, changing nothing', async () => {
    await expect(recoverAdmin({ db: t.database.db, outbox: outbox(), config: t.config }, 'sam@acme')).rejects.toThrow(RecoverAdminRefused);
    await expect(recoverAdmin({ db: t.database.db, outbox: outbox(), config: t.config }, 'nobody@acme')).rejects.toThrow('No user "nobody@acme".');
    const [sam] = await t.database.db.select().from(users).where(eq(users.username, 'sam@acme'));
    expect(sam?.totpSecretEncrypted).not.toBeNull();
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.secondFactorsRecover'))).toHaveLength(1);
  });
});
