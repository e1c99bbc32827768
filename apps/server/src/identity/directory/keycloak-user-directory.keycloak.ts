import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { brusselsDay } from '@registrar-panel/contract';
import { applyAccessEnds } from '../../jobs/access-end';
import { keycloakAdmin } from './keycloak-admin';
import { accessEndAttribute } from './keycloak-user-directory';
import { accountAddresses } from './email-change';
import { sql } from 'drizzle-orm';
import { createTestRealm, keycloakModeIdentity, keycloakTestUrl, type SeedUser, type TestRealm } from '../testing/keycloak-realm';
import { formsOf, PageSession, signInThroughPages, walkPages, type KeycloakTokens } from '../testing/keycloak-pages';
import { linkIn, startSmtpListener, type SmtpListener } from '../testing/smtp-listener';

/*
 * User management, Reset Password and sign-in records with the registry's Keycloak as the user
 * directory: a real Keycloak (KEYCLOAK_URL), the project's realm file imported as a fresh realm,
 * Keycloak's mail caught by a real SMTP listener, and access tokens obtained through Keycloak's
 * own sign-in pages. Two registrars share the realm.
 */
const portalUrl = 'http://portal.test';
const clientId = 'registrar-panel-web';

describe.skipIf(!keycloakTestUrl())('Keycloak as the user directory (real Keycloak at KEYCLOAK_URL)', () => {
  let smtp: SmtpListener;
  let realm: TestRealm;
  let t: TestApp;
  const password = 'correct horse battery';
  const seeded: Record<'alpha' | 'beta' | 'betaTech', SeedUser> = {
    alpha: { username: 'admin@alpha', name: 'Alice Admin', email: 'alice@alpha.example', roles: ['ADMIN'], password },
    beta: { username: 'admin@beta', name: 'Bert Admin', email: 'bert@beta.example', roles: ['ADMIN'], password },
    betaTech: { username: 'tech@beta', name: 'Tess Tech', email: 'tess@beta.example', roles: ['TECH'], password },
  };
  const tokens: Partial<Record<keyof typeof seeded, string>> = {};

  const signIn = (username: string, secret: string, userPassword = password) =>
    signInThroughPages(realm.issuer, portalUrl, clientId, { username, password: userPassword, totpSecret: secret });
  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: `/services${url}`, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
  const messageKeys = (res: LightMyRequestResponse) => (res.json<{ messages: { messageKey: string }[] }>().messages ?? []).map((m) => m.messageKey);
  const refresh = (refreshToken: string) =>
    fetch(`${realm.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken }),
    });

  /** Whether Keycloak takes this password: its pages then ask for the one-time code. */
  async function passwordAccepted(username: string, userPassword: string): Promise<boolean> {
    const session = new PageSession(portalUrl);
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: `${portalUrl}/`,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const last = await walkPages(session, await session.get(`${realm.issuer}/protocol/openid-connect/auth?${query.toString()}`), {
      username,
      password: userPassword,
    });
    return formsOf(last.html).some((form) => form.fields.has('otp'));
  }

  /** Follows the activation link of the latest mail to `email`: new password, then TOTP enrolment; returns the base32 key. */
  async function activate(email: string, after: number, newPassword: string): Promise<string> {
    const mail = await smtp.waitFor(email, 'Choose your Registrar Panel password', after);
    expect(mail.text).toContain('To activate it, open the link below and complete these steps: choose a password, set up 2-step verification.');
    // The mail and the pages it leads to name the account: the user signs in with that username.
    const username = /Your username is (\S+@\w+)\./.exec(mail.text)?.[1];
    expect(username).toMatch(/@alpha$/);
    const session = new PageSession(portalUrl);
    let enrolled = '';
    const pages: string[] = [];
    const last = await walkPages(session, await session.get(linkIn(mail, 'action-token')), {
      username: '',
      password: '',
      newPassword,
      onEnrol: (secret) => (enrolled = secret),
      onPage: (html) => pages.push(html),
    });
    const passwordPage = pages.find((html) => formsOf(html).some((form) => form.fields.has('password-new')));
    expect(passwordPage).toContain(`Your username is ${username}`);
    expect(last.html).toMatch(/Your account has been updated|Back to Application|portal/i);
    expect(enrolled).not.toBe('');
    return enrolled;
  }

  beforeAll(async () => {
    smtp = await startSmtpListener();
    realm = await createTestRealm({ publicUrl: portalUrl, smtpPort: smtp.port });
    t = await createTestApp({ identity: keycloakModeIdentity(realm, portalUrl), demoMode: false });
    for (const [key, user] of Object.entries(seeded)) {
      await realm.seedUser(user);
      // The first sign-in enrols TOTP on Keycloak's page (the realm requires it of every new user).
      const first = await signInThroughPages(realm.issuer, portalUrl, clientId, { username: user.username, password });
      tokens[key as keyof typeof seeded] = first.access_token;
    }
  });
  afterAll(async () => {
    await t?.close();
    await realm?.remove();
    await smtp?.close();
  });

  it("says in Keycloak's access tokens when the user signed in (auth_time), which the recent-authentication check reads", async () => {
    const claims = JSON.parse(Buffer.from(tokens.alpha!.split('.')[1]!, 'base64url').toString()) as { auth_time?: number };
    expect(typeof claims.auth_time).toBe('number');
    expect(Math.abs(Date.now() / 1000 - (claims.auth_time ?? 0))).toBeLessThan(15 * 60);
  });

  it("opens the API with Keycloak's access tokens: registrar from the username, roles from realm_access", async () => {
    const res = await api(tokens.alpha!, 'GET', '/users');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { users: unknown[] } }>().data.users).toEqual([
      {
        username: 'admin@alpha',
        name: 'Alice Admin',
        email: 'alice@alpha.example',
        roles: ['ADMIN'],
        awaitingActivation: false,
        disabled: false,
        accessEnd: null,
        secondFactors: { totp: true, passkeys: 0 },
      },
    ]);
    expect((await api(tokens.betaTech!, 'GET', '/users')).statusCode).toBe(403);
  });

  let anna: { secret: string; password: string; tokens: KeycloakTokens };

  it('creates a user with the roles given; Keycloak mails the activation; the user sets a password, enrols TOTP and signs in with those roles', async () => {
    const before = smtp.received.length;
    const res = await api(tokens.alpha!, 'POST', '/users', {
      username: 'Anna',
      name: 'Anna Maria Smith',
      email: 'anna@alpha.example',
      roles: ['TECH', 'FINANCE'],
    });
    expect(res.statusCode).toBe(201);
    // Keycloak keeps usernames in lower case.
    expect(res.json<{ data: unknown }>().data).toEqual({
      user: {
        username: 'anna@alpha',
        name: 'Anna Maria Smith',
        email: 'anna@alpha.example',
        roles: ['TECH', 'FINANCE'],
        awaitingActivation: true,
        disabled: false,
        accessEnd: null,
        secondFactors: { totp: false, passkeys: 0 },
      },
      activationMail: 'sent',
    });
    const annaPassword = 'anna has a long password';
    const secret = await activate('anna@alpha.example', before, annaPassword);
    const annaTokens = await signIn('anna@alpha', secret, annaPassword);
    anna = { secret, password: annaPassword, tokens: annaTokens };
    const claims = JSON.parse(Buffer.from(annaTokens.access_token.split('.')[1]!, 'base64url').toString()) as {
      realm_access: { roles: string[] };
      preferred_username: string;
    };
    expect(claims.preferred_username).toBe('anna@alpha');
    expect(claims.realm_access.roles).toEqual(expect.arrayContaining(['tech', 'finance']));
    expect((await api(annaTokens.access_token, 'GET', '/config')).statusCode).toBe(200);
    // The same strict checks as in embedded mode: Keycloak's ID and refresh tokens do not open the API.
    expect((await api(annaTokens.id_token, 'GET', '/config')).statusCode).toBe(401);
    expect((await api(annaTokens.refresh_token, 'GET', '/config')).statusCode).toBe(401);
    const list = (await api(tokens.alpha!, 'GET', '/users')).json<{ data: { users: { username: string; awaitingActivation: boolean }[] } }>().data.users;
    expect(list.find((user) => user.username === 'anna@alpha')?.awaitingActivation).toBe(false);
  });

  it('refuses a username taken in any letter case, and ADMIN as a role to give', async () => {
    const taken = await api(tokens.alpha!, 'POST', '/users', { username: 'ANNA', name: 'Other Anna', email: 'other@alpha.example', roles: [] });
    expect(taken.statusCode).toBe(409);
    expect(messageKeys(taken)).toEqual(['users.usernameTaken']);
    expect((await api(tokens.alpha!, 'POST', '/users', { username: 'boss', name: 'Boss', email: 'boss@alpha.example', roles: ['ADMIN'] })).statusCode).toBe(
      400,
    );
  });

  it("answers 404 for another registrar's user, exactly as for one that does not exist, and changes nothing", async () => {
    const calls: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', unknown?][] = [
      ['/users/anna@alpha', 'PUT', { name: 'Taken Over', email: 'evil@beta.example', roles: ['TECH'] }],
      ['/users/anna@alpha', 'DELETE'],
      ['/users/anna@alpha/totp', 'DELETE'],
      ['/users/anna@alpha/activity', 'GET'],
      ['/users/anna@alpha/loginAttempts', 'GET'],
      ['/users/anna@alpha/activation', 'POST'],
      // A username whose suffix names beta but that lives under alpha's attribute does not exist either.
      ['/users/anna@beta', 'DELETE'],
    ];
    for (const [url, method, body] of calls) {
      const res = await api(tokens.beta!, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(messageKeys(res)).toEqual(['error.notFound']);
    }
    const betaList = (await api(tokens.beta!, 'GET', '/users')).json<{ data: { users: { username: string }[] } }>().data.users.map((u) => u.username);
    expect(betaList.sort()).toEqual(['admin@beta', 'tech@beta']);
    const annaNow = (await api(tokens.alpha!, 'GET', '/users')).json<{ data: { users: { username: string; name: string }[] } }>().data.users;
    expect(annaNow.find((user) => user.username === 'anna@alpha')?.name).toBe('Anna Maria Smith');
    expect((await api(tokens.alpha!, 'DELETE', '/users/tech@beta')).statusCode).toBe(404);
  });

  it("keeps a user's registrar out of the user's own reach", async () => {
    // Keycloak's account API, as the user's own session would call it.
    const account = `${realm.issuer}/account`;
    const headers = { authorization: `Bearer ${anna.tokens.access_token}`, 'content-type': 'application/json', accept: 'application/json' };
    const me = (await (await fetch(account, { headers })).json()) as Record<string, unknown>;
    await fetch(account, { method: 'POST', headers, body: JSON.stringify({ ...me, attributes: { registrar: ['beta'] } }) });
    const [stored] = await (await realm.admin()).users.find({ username: 'anna@alpha', exact: true });
    expect(stored?.attributes?.registrar).toEqual(['alpha']);
  });

  it("shows sign-ins from Keycloak's events, with the IP, merged with the portal's audit trail", async () => {
    await expect(signIn('anna@alpha', anna.secret, 'not the password at all')).rejects.toThrow();
    const attempts = (await api(tokens.alpha!, 'GET', '/users/anna@alpha/loginAttempts?size=10')).json<{
      data: { results: { status: string; ip?: string }[] };
    }>().data.results;
    expect(attempts[0]).toMatchObject({ status: 'signIn.wrongPassword' });
    expect(attempts.find((attempt) => attempt.status === 'signIn.success')?.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    const activity = (await api(tokens.alpha!, 'GET', '/users/admin@alpha/activity?size=20')).json<{ data: { results: { status: string }[] } }>().data.results;
    expect(activity.map((entry) => entry.status)).toEqual(expect.arrayContaining(['user.create', 'signIn.success']));
  });

  it("changes name, email and roles; a change of roles ends the user's sessions; the previous address is told", async () => {
    await t.newMail();
    const res = await api(tokens.alpha!, 'PUT', '/users/anna@alpha', { name: 'Anna Jones', email: 'anna.jones@alpha.example', roles: ['SUPPORT'] });
    expect(res.statusCode).toBe(200);
    const [notice, ...others] = await t.newMail();
    expect(others).toEqual([]);
    expect(notice?.to).toBe('anna@alpha.example');
    expect(notice?.text).toContain('by the administrator Alice Admin (admin@alpha)');
    expect(notice?.text).toContain('New address: a***@alpha.example');
    const user = (await api(tokens.alpha!, 'GET', '/users'))
      .json<{ data: { users: { username: string }[] } }>()
      .data.users.find((u) => u.username === 'anna@alpha');
    expect(user).toEqual({
      username: 'anna@alpha',
      name: 'Anna Jones',
      email: 'anna.jones@alpha.example',
      roles: ['SUPPORT'],
      awaitingActivation: false,
      disabled: false,
      accessEnd: null,
      secondFactors: { totp: true, passkeys: 0 },
    });
    expect((await refresh(anna.tokens.refresh_token)).status).toBe(400);
    // The administrators keep their roles.
    expect((await api(tokens.alpha!, 'PUT', '/users/admin@alpha', { name: 'Alice Admin', email: 'alice@alpha.example', roles: ['TECH'] })).statusCode).toBe(
      400,
    );
  });

  it('Reset Password in the footer: Keycloak mails the user a link to choose a new password', async () => {
    // The role change ended Anna's session, but her access token lives its 5 minutes.
    const before = smtp.received.length;
    expect((await api(anna.tokens.access_token, 'DELETE', '/me/password')).statusCode).toBe(200);
    const mail = await smtp.waitFor('anna.jones@alpha.example', 'Choose your Registrar Panel password', before);
    expect(mail.text).toContain('You asked to change the password of your .be registrar panel account (anna@alpha).');
    expect(mail.text).not.toContain('activate');
    const session = new PageSession(portalUrl);
    const newPassword = 'anna chose another password';
    await walkPages(session, await session.get(linkIn(mail, 'action-token')), { username: '', password: '', newPassword });
    anna.password = newPassword;
    expect(await passwordAccepted('anna@alpha', 'anna has a long password')).toBe(false);
    expect(await passwordAccepted('anna@alpha', newPassword)).toBe(true);
  });

  it('resets two-step verification: the OTP credential goes, sessions end, the user is told and enrols again at the next sign-in', async () => {
    await t.newMail();
    expect((await api(tokens.alpha!, 'DELETE', '/users/anna@alpha/totp')).statusCode).toBe(200);
    expect((await refresh(anna.tokens.refresh_token)).status).toBe(400);
    // Within 15 minutes of the email change, the previous address is told too.
    expect((await t.newMail()).map((mail) => mail.to).sort()).toEqual(['anna.jones@alpha.example', 'anna@alpha.example']);
    let enrolled = '';
    const again = await signInThroughPages(realm.issuer, portalUrl, clientId, {
      username: 'anna@alpha',
      password: anna.password,
      onEnrol: (secret) => (enrolled = secret),
    });
    expect(enrolled).not.toBe('');
    expect(enrolled).not.toBe(anna.secret);
    anna.secret = enrolled;
    anna.tokens = again;
    // An administrator's two-step verification is the registry's to reset.
    expect((await api(tokens.alpha!, 'DELETE', '/users/admin@alpha/totp')).statusCode).toBe(403);
  });

  let bobSecret = '';
  const bobPassword = 'bob builds long passwords';

  it('tells the ADMIN when Keycloak cannot send the activation mail; the user exists and the mail can be sent again', async () => {
    smtp.refuse(true);
    const res = await api(tokens.alpha!, 'POST', '/users', { username: 'bob', name: 'Bob Builder', email: 'bob@alpha.example', roles: ['SUPPORT'] });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: { activationMail: string; user: { awaitingActivation: boolean } } }>().data).toMatchObject({
      activationMail: 'failed',
      user: { awaitingActivation: true },
    });
    const refused = await api(tokens.alpha!, 'POST', '/users/bob@alpha/activation');
    expect(refused.statusCode).toBe(502);
    expect(messageKeys(refused)).toEqual(['users.activationMailFailed']);
    smtp.refuse(false);
    const before = smtp.received.length;
    expect((await api(tokens.alpha!, 'POST', '/users/bob@alpha/activation')).statusCode).toBe(200);
    bobSecret = await activate('bob@alpha.example', before, bobPassword);
    const already = await api(tokens.alpha!, 'POST', '/users/bob@alpha/activation');
    expect(already.statusCode).toBe(409);
    expect(messageKeys(already)).toEqual(['users.alreadyActive']);
  });

  const listedUser = async (username: string) =>
    (await api(tokens.alpha!, 'GET', '/users'))
      .json<{ data: { users: { username: string; disabled: boolean; accessEnd: string | null }[] } }>()
      .data.users.find((u) => u.username === username);

  /** Whether an activation link still opens Keycloak's page for choosing a password. */
  async function linkWorks(link: string): Promise<boolean> {
    const session = new PageSession(portalUrl);
    // Without a new password, the walk stops at the page that asks for one.
    const last = await walkPages(session, await session.get(link), { username: '', password: '', newPassword: '' });
    return formsOf(last.html).some((form) => form.fields.has('password-new'));
  }

  it('resends the activation: earlier links stop working at once, the last one activates; the account keeps its roles and creation time', async () => {
    const admin = await realm.admin();
    const accountsNamed = (username: string) => admin.users.find({ username, exact: true, briefRepresentation: false });
    const before = smtp.received.length;
    expect((await api(tokens.alpha!, 'POST', '/users', { username: 'cara', name: 'Cara Late', email: 'cara@alpha.example', roles: ['TECH'] })).statusCode).toBe(
      201,
    );
    const first = linkIn(await smtp.waitFor('cara@alpha.example', 'Choose your Registrar Panel password', before), 'action-token');
    const [original] = await accountsNamed('cara@alpha');
    const after = smtp.received.length;
    expect((await api(tokens.alpha!, 'POST', '/users/cara@alpha/activation')).statusCode).toBe(200);
    expect((await api(tokens.beta!, 'POST', '/users/cara@alpha/activation')).statusCode).toBe(404);
    const second = linkIn(await smtp.waitFor('cara@alpha.example', 'Choose your Registrar Panel password', after), 'action-token');
    expect(second).not.toBe(first);
    // Before the new link is used, the earlier one no longer leads to the password page.
    expect(await linkWorks(first)).toBe(false);
    // And says why, not Keycloak's "Invalid username or password".
    const stale = await new PageSession(portalUrl).get(first);
    expect(stale.html).toContain('This link no longer works');
    expect(stale.html).toContain('A newer activation mail was sent for this account');
    expect(stale.html).not.toContain('Invalid username or password');
    const [copy] = await accountsNamed('cara@alpha');
    expect(copy?.id).not.toBe(original?.id);
    expect(copy).toMatchObject({ createdTimestamp: original?.createdTimestamp, email: 'cara@alpha.example', attributes: { registrar: ['alpha'] } });
    expect(await listedUser('cara@alpha')).toMatchObject({ name: 'Cara Late', roles: ['TECH'], awaitingActivation: true });

    // Resends at once (two ADMIN clicks, two instances): each replaces the latest copy in turn; one
    // account is left, and of the links mailed only the last works.
    const mark = smtp.received.length;
    const answers = await Promise.all([0, 1, 2].map(() => api(tokens.alpha!, 'POST', '/users/cara@alpha/activation')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await accountsNamed('cara@alpha')).toHaveLength(1);
    for (let n = 0; n < 3; n++) await smtp.waitFor('cara@alpha.example', 'Choose your Registrar Panel password', mark + n);
    const links = smtp.received
      .slice(mark)
      .filter((mail) => mail.to.includes('cara@alpha.example'))
      .map((mail) => linkIn(mail, 'action-token'));
    expect(links).toHaveLength(3);
    expect(await Promise.all([second, links[0]!, links[1]!].map(linkWorks))).toEqual([false, false, false]);
    await activate('cara@alpha.example', mark + 2, 'cara finally has a password');
    expect(await listedUser('cara@alpha')).toMatchObject({ disabled: false, awaitingActivation: false, roles: ['TECH'] });
    // Once activated, the account is not replaced again: the last link cannot set a password twice.
    expect(await linkWorks(links[2]!)).toBe(false);
    const already = await api(tokens.alpha!, 'POST', '/users/cara@alpha/activation');
    expect(already.statusCode).toBe(409);
  });

  it('records an e-mail change with its notice before Keycloak makes it: a failed record leaves the address as it was, and the retry tells the previous address', async () => {
    const { db } = t.database;
    expect((await api(tokens.alpha!, 'POST', '/users', { username: 'dora', name: 'Dora Late', email: 'dora@alpha.example', roles: ['TECH'] })).statusCode).toBe(
      201,
    );
    await t.newMail();
    const change = { name: 'Dora Late', email: 'dora.new@alpha.example', roles: ['TECH'] };
    // The portal's database refuses the record (a trigger: a real failure of the real database).
    await db.execute(sql`CREATE FUNCTION refuse_email_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await db.execute(sql`CREATE TRIGGER refuse_email_change BEFORE INSERT OR UPDATE ON user_email_changes FOR EACH ROW EXECUTE FUNCTION refuse_email_change()`);
    try {
      expect((await api(tokens.alpha!, 'PUT', '/users/dora@alpha', change)).statusCode).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_email_change ON user_email_changes`);
      await db.execute(sql`DROP FUNCTION refuse_email_change()`);
    }
    expect(await listedUser('dora@alpha')).toMatchObject({ email: 'dora@alpha.example' });
    expect(await t.newMail()).toEqual([]);
    // The ADMIN tries again: the change is made and the previous address told.
    expect((await api(tokens.alpha!, 'PUT', '/users/dora@alpha', change)).statusCode).toBe(200);
    expect(await listedUser('dora@alpha')).toMatchObject({ email: 'dora.new@alpha.example' });
    expect((await t.newMail()).map((mail) => mail.to)).toEqual(['dora@alpha.example']);
  });

  it('keeps the previous address told after a resent activation gives the account a new id', async () => {
    const admin = await realm.admin();
    expect((await api(tokens.alpha!, 'POST', '/users', { username: 'emil', name: 'Emil Late', email: 'emil@alpha.example', roles: ['TECH'] })).statusCode).toBe(
      201,
    );
    expect((await api(tokens.alpha!, 'PUT', '/users/emil@alpha', { name: 'Emil Late', email: 'emil.new@alpha.example', roles: ['TECH'] })).statusCode).toBe(
      200,
    );
    const [original] = await admin.users.find({ username: 'emil@alpha', exact: true });
    expect((await api(tokens.alpha!, 'POST', '/users/emil@alpha/activation')).statusCode).toBe(200);
    const [copy] = await admin.users.find({ username: 'emil@alpha', exact: true });
    expect(copy?.id).not.toBe(original?.id);
    // Within the 15 minutes, the copy's reset links and security notices still go to both addresses.
    expect(await accountAddresses(t.database.db, { id: copy!.id!, email: 'emil.new@alpha.example' })).toEqual(['emil.new@alpha.example', 'emil@alpha.example']);
  });

  it('leaves the activation of an account the registry made (an administrator, or one in a group) to the registry: nothing changes', async () => {
    const admin = await realm.admin();
    const pending = async (username: string, roles: string[]) => {
      const { id } = await admin.users.create({
        username,
        enabled: true,
        email: `${username.split('@')[0]}@alpha.example`,
        firstName: 'Pending',
        attributes: { registrar: ['alpha'] },
        requiredActions: ['UPDATE_PASSWORD', 'CONFIGURE_TOTP'],
      });
      const available = await admin.users.listAvailableRealmRoleMappings({ id });
      const mapped = available.filter((role) => role.name && roles.includes(role.name)).map((role) => ({ id: role.id!, name: role.name! }));
      if (mapped.length > 0) await admin.users.addRealmRoleMappings({ id, roles: mapped });
      return id;
    };
    const boss = await pending('boss@alpha', ['admin']);
    const dana = await pending('dana@alpha', ['tech']);
    // A group the registry's operators put the account in: the portal's client may not put anyone in a group.
    const { id: groupId } = await admin.groups.create({ name: `contractors-${Date.now()}` });
    await admin.users.addToGroup({ id: dana, groupId });
    for (const [username, id] of [
      ['boss@alpha', boss],
      ['dana@alpha', dana],
    ] as const) {
      const res = await api(tokens.alpha!, 'POST', `/users/${username}/activation`);
      expect(res.statusCode, username).toBe(409);
      expect(messageKeys(res)).toEqual(['users.activationByRegistry']);
      const [still] = await admin.users.find({ username, exact: true });
      expect(still?.id, username).toBe(id);
    }
    expect((await admin.users.listGroups({ id: dana })).map((group) => group.id)).toEqual([groupId]);
    expect((await admin.users.listRealmRoleMappings({ id: boss })).map((role) => role.name)).toContain('admin');
    await admin.users.del({ id: boss });
    await admin.users.del({ id: dana });
  });

  it("disables a user: Keycloak refuses their sign-in and ends their sessions; enabling lets them in; another registrar's ADMIN gets 404", async () => {
    const bobTokens = await signIn('bob@alpha', bobSecret, bobPassword);
    expect((await api(tokens.beta!, 'PUT', '/users/bob@alpha/enabled', { enabled: false })).statusCode).toBe(404);
    expect((await api(tokens.betaTech!, 'PUT', '/users/bob@alpha/enabled', { enabled: false })).statusCode).toBe(403);
    expect((await api(tokens.alpha!, 'PUT', '/users/bob@alpha/enabled', { enabled: false })).statusCode).toBe(200);
    expect(await listedUser('bob@alpha')).toMatchObject({ disabled: true });
    expect((await refresh(bobTokens.refresh_token)).status).toBe(400);
    expect(await passwordAccepted('bob@alpha', bobPassword)).toBe(false);
    expect((await api(tokens.alpha!, 'PUT', '/users/bob@alpha/enabled', { enabled: true })).statusCode).toBe(200);
    expect(await listedUser('bob@alpha')).toMatchObject({ disabled: false });
    expect(await passwordAccepted('bob@alpha', bobPassword)).toBe(true);
    // Administrators are the registry's: never disabled from the portal.
    expect((await api(tokens.alpha!, 'PUT', '/users/admin@alpha/enabled', { enabled: false })).statusCode).toBe(400);
  });

  it('keeps the access end day as a user attribute; the portal job disables the user once the day has passed', async () => {
    const future = brusselsDay(new Date(Date.now() + 30 * 86_400_000));
    expect((await api(tokens.beta!, 'PUT', '/users/bob@alpha/accessEnd', { accessEnd: future })).statusCode).toBe(404);
    expect((await api(tokens.alpha!, 'PUT', '/users/bob@alpha/accessEnd', { accessEnd: future })).statusCode).toBe(200);
    const admin = await realm.admin();
    const [stored] = await admin.users.find({ username: 'bob@alpha', exact: true, briefRepresentation: false });
    expect(stored?.attributes?.[accessEndAttribute]).toEqual([future]);
    expect(stored?.attributes?.registrar).toEqual(['alpha']);
    expect(await listedUser('bob@alpha')).toMatchObject({ accessEnd: future, disabled: false });
    // Nothing has ended yet.
    expect(await applyAccessEnds(t.app.userDirectory)).toEqual([]);

    // The day passes: yesterday was the last one.
    const bobTokens = await signIn('bob@alpha', bobSecret, bobPassword);
    const yesterday = brusselsDay(new Date(Date.now() - 86_400_000));
    await admin.users.update({ id: stored!.id! }, { ...stored, attributes: { ...stored!.attributes, [accessEndAttribute]: [yesterday] } });
    // From 00:00 the API refuses the user's tokens, before the job has run: Keycloak's carry the day.
    // 403 with its own message (a 401 would make the web sign in again, silently, in a loop), and
    // Keycloak's session ends there: no refresh goes on issuing tokens the API refuses.
    const lateTokens = await signIn('bob@alpha', bobSecret, bobPassword);
    const refused = await api(lateTokens.access_token, 'GET', '/config');
    expect(refused.statusCode).toBe(403);
    expect(messageKeys(refused)).toEqual(['access.ended']);
    expect((await refresh(lateTokens.refresh_token)).status).toBe(400);
    expect(await applyAccessEnds(t.app.userDirectory)).toEqual(['bob@alpha']);
    expect(await listedUser('bob@alpha')).toMatchObject({ accessEnd: yesterday, disabled: true });
    expect((await refresh(bobTokens.refresh_token)).status).toBe(400);
    expect(await passwordAccepted('bob@alpha', bobPassword)).toBe(false);
    // Enabling waits for a new date; cleared, the user may be enabled again.
    const early = await api(tokens.alpha!, 'PUT', '/users/bob@alpha/enabled', { enabled: true });
    expect(early.statusCode).toBe(409);
    expect(messageKeys(early)).toEqual(['users.accessEnded']);
    expect((await api(tokens.alpha!, 'PUT', '/users/bob@alpha/accessEnd', { accessEnd: null })).statusCode).toBe(200);
    const [cleared] = await admin.users.find({ username: 'bob@alpha', exact: true, briefRepresentation: false });
    expect(cleared?.attributes?.[accessEndAttribute]).toBeUndefined();
    expect((await api(tokens.alpha!, 'PUT', '/users/bob@alpha/enabled', { enabled: true })).statusCode).toBe(200);
    expect(await passwordAccepted('bob@alpha', bobPassword)).toBe(true);
  });

  it("mails the EPP security notice to the registrar's ADMINs found in Keycloak", async () => {
    await createRegistrar(t.database.db, { handle: 'beta' });
    await t.newMail();
    expect((await api(tokens.betaTech!, 'PUT', '/registrar/epp/ip', { ipAddresses: ['192.0.2.10'] })).statusCode).toBe(200);
    expect((await t.newMail()).map((mail) => mail.to).sort()).toEqual(['bert@beta.example', 'tech@beta.example']);
  });

  it('deletes a user: Keycloak ends their sessions at once; an ADMIN and oneself cannot be deleted', async () => {
    expect((await api(tokens.alpha!, 'DELETE', '/users/anna@alpha')).statusCode).toBe(200);
    expect((await refresh(anna.tokens.refresh_token)).status).toBe(400);
    expect(await (await realm.admin()).users.find({ username: 'anna@alpha', exact: true })).toEqual([]);
    expect((await api(tokens.alpha!, 'DELETE', '/users/admin@alpha')).statusCode).toBe(400);
    expect((await api(tokens.beta!, 'DELETE', '/users/admin@beta')).statusCode).toBe(400);
  });

  it("gives the directory's service account only user management and events, not the realm", async () => {
    const admin = keycloakAdmin({ authUrl: realm.baseUrl, realm: realm.name, clientId: 'registrar-panel-directory', clientSecret: realm.directorySecret });
    await expect(admin.users.count()).resolves.toBeGreaterThan(0);
    await expect(admin.realms.findEvents({ realm: realm.name, max: 1 })).resolves.toBeDefined();
    await expect(admin.realms.update({ realm: realm.name }, { displayName: 'Taken over' })).rejects.toMatchObject({ response: { status: 403 } });
    await expect(admin.clients.find()).rejects.toMatchObject({ response: { status: 403 } });
    const wrong = keycloakAdmin({ authUrl: realm.baseUrl, realm: realm.name, clientId: 'registrar-panel-directory', clientSecret: 'wrong' });
    await expect(wrong.users.count()).rejects.toThrow(/refused the directory's service account \(401\)/);
  });
});

// Said plainly in the report when the suite cannot run (and absent when it does).
if (!keycloakTestUrl()) {
  describe('Keycloak as the user directory', () => {
    it.skip('is skipped: KEYCLOAK_URL is not set (`npm run keycloak` starts a Keycloak; .ci/run always runs this suite)', () => {});
  });
}
