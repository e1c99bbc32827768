import { brusselsDay, type PanelRole, type PanelUser } from '@registrar-panel/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, oidcModels, signInAttempts, users } from '../../db/schema';
import { currentTotpCode } from '../../identity/sign-in/totp';
import { SignInDriver, type Tokens } from '../../identity/testing/sign-in-driver';
import { createActiveUser, testPassword } from '../../identity/testing/users';
import { startBackgroundWork } from '../../jobs/background';
import { accessEndSchedule, applyAccessEnds } from '../../jobs/access-end';
import { jobQueueSchema, queueNames } from '../../db/job-queue-schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const secrets = new Map<string, string>();

async function addActive(username: string, roles: PanelRole[]) {
  const { secret } = await createActiveUser(t.database.db, t.config, { username, roles, name: `Name of ${username}` });
  secrets.set(username, secret ?? '');
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { as?: string; roles?: PanelRole[]; body?: unknown } = {}) {
  const as = options.as ?? 'admin@alpha';
  const headers = { authorization: `Bearer ${await t.tokenFor({ username: as, roles: options.roles ?? ['ADMIN'] })}` };
  return t.app.inject({ method, url, headers, ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }) });
}

const path = (username: string, rest = '') => `/services/users/${encodeURIComponent(username)}${rest}`;
const disable = (username: string, as?: string) => call('PUT', path(username, '/enabled'), { body: { enabled: false }, as });
const enable = (username: string) => call('PUT', path(username, '/enabled'), { body: { enabled: true } });
const setAccessEnd = (username: string, accessEnd: string | null) => call('PUT', path(username, '/accessEnd'), { body: { accessEnd } });

async function listed(username: string): Promise<PanelUser | undefined> {
  const res = await call('GET', '/services/users');
  return res.json<{ data: { users: PanelUser[] } }>().data.users.find((user) => user.username === username);
}

async function auditDetails(action: string, username: string) {
  const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));
  return rows.filter((row) => row.details.username === username).map((row) => ({ by: row.username, details: row.details }));
}

const alertOf = (page: string) => /role="alert" id="form-error">([^<]*)</.exec(page)?.[1];

/** Signs in through the embedded pages as a browser does; answers the tokens, or the page where it stopped. */
async function signIn(username: string, ip = '203.0.113.50'): Promise<{ tokens?: Tokens; browser: SignInDriver }> {
  const browser = new SignInDriver(t.app, t.config, ip);
  await browser.start();
  await browser.submit({ username, password: testPassword });
  if (!browser.page.includes('One-time code')) return { browser };
  // A code is accepted once per 30-second step: these tests sign in more often than that, as if a step later.
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.username, username));
  const callback = await browser.submit({ code: await currentTotpCode(secrets.get(username) ?? '') });
  return { tokens: await browser.exchange(callback), browser };
}

const day = (offsetDays: number) => brusselsDay(new Date(Date.now() + offsetDays * 86_400_000));

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createRegistrar(t.database.db, { handle: 'beta' });
  await addActive('admin@alpha', ['ADMIN']);
  await addActive('boss@alpha', ['ADMIN', 'SUPPORT']);
  await addActive('sam@alpha', ['SUPPORT']);
  await addActive('cleo@alpha', ['TECH']);
  await addActive('dora@alpha', ['FINANCE']);
  await addActive('other@beta', ['SUPPORT']);
});
afterAll(async () => t?.close());

describe('who may disable, enable and limit users', () => {
  const endpoints: [url: string, body: unknown][] = [
    [path('sam@alpha', '/enabled'), { enabled: false }],
    [path('sam@alpha', '/accessEnd'), { accessEnd: day(30) }],
  ];

  it.each(endpoints)('PUT %s answers 401 without a token', async (url, body) => {
    const res = await t.app.inject({ method: 'PUT', url, payload: body as Record<string, unknown> });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ messages: [{ messageKey: 'error.unauthorized' }] });
  });

  it.each(endpoints)('PUT %s answers 403 to SUPPORT, TECH and FINANCE, and changes nothing', async (url, body) => {
    for (const role of ['SUPPORT', 'TECH', 'FINANCE'] as const) {
      const res = await call('PUT', url, { as: `x-${role.toLowerCase()}@alpha`, roles: [role], body });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ messages: [{ messageKey: 'error.forbidden' }] });
    }
    expect(await listed('sam@alpha')).toMatchObject({ disabled: false, accessEnd: null });
  });

  it("answers 404 for another registrar's user and for unknown users, and changes nothing", async () => {
    for (const username of ['other@beta', 'nobody@alpha', 'other@BETA']) {
      expect((await disable(username)).statusCode, username).toBe(404);
      expect((await setAccessEnd(username, day(30))).statusCode, username).toBe(404);
    }
    const [other] = await t.database.db.select().from(users).where(eq(users.username, 'other@beta'));
    expect(other).toMatchObject({ disabledAt: null, accessEnd: null });
  });

  it('refuses to disable oneself or an administrator, and to limit an administrator', async () => {
    expect((await disable('admin@alpha')).json<unknown>()).toMatchObject({ messages: [{ messageKey: 'users.selfDisable' }] });
    const admin = await disable('boss@alpha');
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ messages: [{ messageKey: 'users.adminNotDisableable' }] });
    const limited = await setAccessEnd('boss@alpha', day(30));
    expect(limited.statusCode).toBe(403);
    expect(limited.json()).toMatchObject({ messages: [{ messageKey: 'users.adminAccessEndFixed' }] });
    expect(await listed('boss@alpha')).toMatchObject({ disabled: false, accessEnd: null });
  });

  it('refuses bad input with a message key', async () => {
    for (const body of [{}, { enabled: 'no' }, { enabled: null }]) {
      const res = await call('PUT', path('sam@alpha', '/enabled'), { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ messages: [{ messageKey: 'error.badRequest' }] });
    }
    for (const accessEnd of ['2026-02-31', '31/12/2026', '', day(-1), 20261231]) {
      const res = await call('PUT', path('sam@alpha', '/accessEnd'), { body: { accessEnd } });
      expect(res.statusCode, String(accessEnd)).toBe(400);
      expect(res.json()).toMatchObject({ messages: [{ messageKey: 'validation.accessEnd', field: 'accessEnd' }] });
    }
    expect(await listed('sam@alpha')).toMatchObject({ disabled: false, accessEnd: null });
  });
});

describe('disable and enable', () => {
  it('disabling ends the sessions and refuses sign-in with its reason; enabling lets the user in again', async () => {
    const { tokens } = await signIn('sam@alpha');
    expect(tokens).toBeDefined();
    const before = (await t.database.db.select().from(signInAttempts).where(eq(signInAttempts.username, 'sam@alpha'))).length;

    const res = await disable('sam@alpha');
    expect(res.statusCode).toBe(200);
    expect(await listed('sam@alpha')).toMatchObject({ disabled: true, awaitingActivation: false });
    expect(await auditDetails('user.disable', 'sam@alpha')).toEqual([{ by: 'admin@alpha', details: { username: 'sam@alpha' } }]);

    // The session is gone: its refresh token no longer works, and no session, grant or token of theirs is left.
    const browser = new SignInDriver(t.app, t.config);
    const refreshed = await browser.refresh(tokens?.refresh_token ?? '');
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });

    // The right password is told why; the attempt is recorded as such, and is not a lockout failure.
    const refused = await signIn('sam@alpha');
    expect(refused.tokens).toBeUndefined();
    expect(alertOf(refused.browser.page)).toBe('This account is disabled. Please contact an administrator of your registrar.');
    const activity = await call('GET', path('sam@alpha', '/activity'), { body: undefined });
    expect(activity.json<{ data: { results: { status: string }[] } }>().data.results.map((entry) => entry.status)).toContain('signIn.disabled');
    // A wrong password still reads as any wrong password: nothing is told to a guesser.
    const guesser = new SignInDriver(t.app, t.config, '198.51.100.9');
    await guesser.start();
    await guesser.submit({ username: 'sam@alpha', password: 'a guess' });
    expect(alertOf(guesser.page)).toBe('Invalid username or password.');
    const attempts = await t.database.db.select().from(signInAttempts).where(eq(signInAttempts.username, 'sam@alpha')).orderBy(signInAttempts.id);
    expect(attempts.slice(before).map((row) => row.outcome)).toEqual(['disabled', 'wrongPassword']);

    // Disabling again changes nothing and records nothing.
    expect((await disable('sam@alpha')).statusCode).toBe(200);
    expect(await auditDetails('user.disable', 'sam@alpha')).toHaveLength(1);

    expect((await enable('sam@alpha')).statusCode).toBe(200);
    expect(await listed('sam@alpha')).toMatchObject({ disabled: false });
    expect(await auditDetails('user.enable', 'sam@alpha')).toEqual([{ by: 'admin@alpha', details: { username: 'sam@alpha' } }]);
    const again = await signIn('sam@alpha');
    expect(again.tokens).toBeDefined();
    const api = await t.app.inject({ url: '/services/config', headers: { authorization: `Bearer ${again.tokens?.access_token ?? ''}` } });
    expect(api.statusCode).toBe(200);
  });

  it('a user disabled between the password and the code is sent back to the password page with the reason', async () => {
    const browser = new SignInDriver(t.app, t.config, '203.0.113.51');
    await browser.start();
    await browser.submit({ username: 'cleo@alpha', password: testPassword });
    expect(browser.page).toContain('One-time code');
    await disable('cleo@alpha');
    await browser.submit({ code: await currentTotpCode(secrets.get('cleo@alpha') ?? '') });
    expect(alertOf(browser.page)).toBe('This account is disabled. Please contact an administrator of your registrar.');
    expect(browser.page).toContain('name="password"');
    await enable('cleo@alpha');
  });
});

describe('access end date', () => {
  it('is set and cleared by an ADMIN, audited with the day, and shown in the list', async () => {
    const end = day(60);
    expect((await setAccessEnd('dora@alpha', end)).statusCode).toBe(200);
    expect(await listed('dora@alpha')).toMatchObject({ accessEnd: end, disabled: false });
    // Today is still allowed: access lasts to the end of the day.
    expect((await setAccessEnd('dora@alpha', day(0))).statusCode).toBe(200);
    expect((await signIn('dora@alpha')).tokens).toBeDefined();
    expect((await setAccessEnd('dora@alpha', null)).statusCode).toBe(200);
    expect(await listed('dora@alpha')).toMatchObject({ accessEnd: null });
    expect((await auditDetails('user.accessEnd', 'dora@alpha')).map((entry) => entry.details)).toEqual([
      { username: 'dora@alpha', accessEnd: end },
      { username: 'dora@alpha', accessEnd: day(0) },
      { username: 'dora@alpha', accessEnd: null },
    ]);
  });

  it('once the day has passed: sign-in is refused with its reason, the session ends, and enabling is refused until the date changes', async () => {
    const { tokens } = await signIn('dora@alpha');
    expect(tokens).toBeDefined();
    await setAccessEnd('dora@alpha', day(0));
    // The day passes (as the clock would, a day later): yesterday was the last day.
    await t.database.db
      .update(users)
      .set({ accessEnd: day(-1) })
      .where(eq(users.username, 'dora@alpha'));

    const refreshed = await new SignInDriver(t.app, t.config).refresh(tokens?.refresh_token ?? '');
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    const refused = await signIn('dora@alpha');
    expect(refused.tokens).toBeUndefined();
    expect(alertOf(refused.browser.page)).toBe('Your access to the registrar panel has ended. Please contact an administrator of your registrar.');
    const [last] = await t.database.db
      .select()
      .from(signInAttempts)
      .where(eq(signInAttempts.username, 'dora@alpha'))
      .orderBy(sql`${signInAttempts.id} DESC`)
      .limit(1);
    expect(last?.outcome).toBe('accessEnded');

    // The job disables the user; enabling is refused while the end has passed; a new date, then enabling, lets them in.
    expect(await applyAccessEnds(t.app.userDirectory)).toEqual(['dora@alpha']);
    expect(await listed('dora@alpha')).toMatchObject({ disabled: true, accessEnd: day(-1) });
    const early = await enable('dora@alpha');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ messages: [{ messageKey: 'users.accessEnded' }] });
    expect((await setAccessEnd('dora@alpha', day(7))).statusCode).toBe(200);
    expect((await enable('dora@alpha')).statusCode).toBe(200);
    expect((await signIn('dora@alpha')).tokens).toBeDefined();
  });
});

describe('the access-end job', () => {
  it('disables only enabled users whose day has passed, ends their sessions, and runs hourly in Brussels time', async () => {
    await addActive('eve@alpha', ['SUPPORT']);
    await addActive('fred@alpha', ['SUPPORT']);
    await addActive('gus@beta', ['SUPPORT']);
    const { tokens } = await signIn('eve@alpha');
    await t.database.db
      .update(users)
      .set({ accessEnd: day(-3) })
      .where(eq(users.username, 'eve@alpha'));
    await t.database.db
      .update(users)
      .set({ accessEnd: day(0) })
      .where(eq(users.username, 'fred@alpha'));
    await t.database.db
      .update(users)
      .set({ accessEnd: day(-1) })
      .where(eq(users.username, 'gus@beta'));
    const eveId = (await t.database.db.select().from(users).where(eq(users.username, 'eve@alpha')))[0]?.id ?? '';
    const sessionsOf = async (id: string) =>
      (
        await t.database.db
          .select()
          .from(oidcModels)
          .where(sql`${oidcModels.payload}->>'accountId' = ${id}`)
      ).length;
    expect(await sessionsOf(eveId)).toBeGreaterThan(0);

    expect((await applyAccessEnds(t.app.userDirectory)).sort()).toEqual(['eve@alpha', 'gus@beta']);
    expect(await sessionsOf(eveId)).toBe(0);
    expect((await new SignInDriver(t.app, t.config).refresh(tokens?.refresh_token ?? '')).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await listed('fred@alpha')).toMatchObject({ disabled: false });
    // Run again: nothing more to do.
    expect(await applyAccessEnds(t.app.userDirectory)).toEqual([]);

    const background = await startBackgroundWork(t.app, { pollingIntervalSeconds: 0.5 });
    try {
      const { rows } = await t.database.db.execute<{ cron: string; timezone: string }>(
        sql`SELECT cron, options->>'tz' AS timezone FROM ${sql.identifier(jobQueueSchema)}.schedule WHERE name = ${queueNames.accessEnd}`,
      );
      expect(rows).toEqual([{ cron: accessEndSchedule.cron, timezone: 'Europe/Brussels' }]);
    } finally {
      await background.stop();
    }
  });
});

describe('activation pending', () => {
  const linkIn = (text: string) => /(http:\/\/portal\.test\/auth\/realms\/registrar-panel\/login-actions\/action-token\?key=[\w-]+)/.exec(text)?.[1] ?? '';
  const open = async (link: string) => (await new SignInDriver(t.app, t.config).request('GET', link)).statusCode;

  it('shows in the list; a resend mails a new link and the earlier one stops working', async () => {
    await t.app.userDirectory.createUser({ username: 'pia@alpha', registrarHandle: 'alpha', name: 'Pia Pending', email: 'pia@mail.example', roles: ['TECH'] });
    expect(await listed('pia@alpha')).toMatchObject({ awaitingActivation: true, disabled: false, accessEnd: null });
    const first = linkIn((await t.queuedMail()).filter((mail) => mail.to === 'pia@mail.example').at(-1)?.text ?? '');
    expect(await open(first)).toBe(200);

    expect((await call('POST', path('pia@alpha', '/activation'))).statusCode).toBe(200);
    const mails = (await t.queuedMail()).filter((mail) => mail.to === 'pia@mail.example');
    expect(mails).toHaveLength(2);
    const second = linkIn(mails.at(-1)?.text ?? '');
    expect(second).not.toBe(first);
    expect(await open(first)).toBe(410);
    expect(await open(second)).toBe(200);
    expect(await auditDetails('user.activationResend', 'pia@alpha')).toEqual([{ by: 'admin@alpha', details: { username: 'pia@alpha' } }]);
  });

  it("is refused for another registrar's user (404) and for a disabled user (409)", async () => {
    await t.app.userDirectory.createUser({ username: 'quin@beta', registrarHandle: 'beta', name: 'Quin', email: 'quin@mail.example', roles: ['TECH'] });
    expect((await call('POST', path('quin@beta', '/activation'))).statusCode).toBe(404);
    await disable('pia@alpha');
    expect(await listed('pia@alpha')).toMatchObject({ disabled: true });
    const res = await call('POST', path('pia@alpha', '/activation'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ messages: [{ messageKey: 'users.disabled' }] });
    // Enabled again, the user is still waiting for their activation.
    await enable('pia@alpha');
    expect(await listed('pia@alpha')).toMatchObject({ awaitingActivation: true, disabled: false });
  });
});
