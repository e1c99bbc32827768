import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PanelRole } from '@registrar-panel/contract';
import { auditEvents, users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

async function addUser(username: string, roles: PanelRole[], name = `Name of ${username}`) {
  const registrarHandle = username.split('@')[1] ?? '';
  await t.app.userDirectory.createUser({ username, registrarHandle, name, email: `${username.replace('@', '.')}@mail.example`, roles });
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { as?: string; roles?: PanelRole[]; body?: unknown } = {}) {
  const as = options.as ?? 'admin@alpha';
  const headers = { authorization: `Bearer ${await t.tokenFor({ username: as, roles: options.roles ?? ['ADMIN'] })}` };
  return t.app.inject({ method, url, headers, ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }) });
}

const path = (username: string, rest = '') => `/services/users/${encodeURIComponent(username)}${rest}`;

async function stored(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return row;
}

async function auditOf(action: string, username: string) {
  const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));
  return rows.filter((row) => row.details.username === username);
}

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createRegistrar(t.database.db, { handle: 'beta' });
  await addUser('admin@alpha', ['ADMIN'], 'Alice Admin');
  await addUser('boss@alpha', ['ADMIN', 'SUPPORT'], 'Zoe Boss');
  await addUser('support@alpha', ['SUPPORT'], 'Bob Support');
  await addUser('tech@alpha', ['TECH', 'FINANCE'], 'Carla Tech');
  await addUser('admin@beta', ['ADMIN'], 'Beta Admin');
  await addUser('other@beta', ['SUPPORT'], 'Beta Other');
});
afterAll(async () => t?.close());

describe('who may manage users', () => {
  const endpoints: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
    ['GET', '/services/users'],
    ['POST', '/services/users', { username: 'intruder', name: 'In Truder', email: 'in@truder.example', roles: ['SUPPORT'] }],
    ['PUT', path('support@alpha'), { name: 'Changed', email: 'changed@mail.example', roles: ['SUPPORT'] }],
    ['DELETE', path('support@alpha')],
    ['DELETE', path('support@alpha', '/totp')],
    ['GET', path('support@alpha', '/activity')],
    ['GET', path('support@alpha', '/loginAttempts')],
    ['POST', path('support@alpha', '/activation')],
  ];

  it.each(endpoints)('%s %s answers 401 without a token', async (method, url, body) => {
    const res = await t.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ data: null, messages: [{ messageKey: 'error.unauthorized' }] });
  });

  it.each(endpoints)('%s %s answers 403 to SUPPORT, TECH and FINANCE, and changes nothing', async (method, url, body) => {
    for (const role of ['SUPPORT', 'TECH', 'FINANCE'] as const) {
      const res = await call(method, url, { as: `${role.toLowerCase()}@alpha`, roles: [role], body });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ data: null, messages: [{ messageKey: 'error.forbidden', defaultMessage: 'You are not allowed to do this.' }] });
    }
    expect(await stored('intruder@alpha')).toBeUndefined();
    expect(await stored('support@alpha')).toMatchObject({ name: 'Bob Support' });
  });
});

describe('GET /services/users', () => {
  it("lists the registrar's own users, administrators first and then by name, without secrets", async () => {
    const res = await call('GET', '/services/users');
    expect(res.statusCode).toBe(200);
    const listed = res.json<{ data: { users: { username: string }[] } }>().data.users;
    expect(listed.map((user) => user.username)).toEqual(['admin@alpha', 'boss@alpha', 'support@alpha', 'tech@alpha']);
    expect(listed[3]).toEqual({
      username: 'tech@alpha',
      name: 'Carla Tech',
      email: 'tech.alpha@mail.example',
      roles: ['TECH', 'FINANCE'],
      awaitingActivation: true,
      disabled: false,
      accessEnd: null,
      secondFactors: { totp: false, passkeys: 0 },
    });
    // Whether a second factor is set, never a secret.
    expect(JSON.stringify(res.json())).not.toMatch(/beta|password|secret|state/i);
  });
});

describe('POST /services/users', () => {
  const valid = { username: 'new_user-1', name: 'Nina New', email: 'nina@mail.example', roles: ['TECH', 'FINANCE'] };

  it('creates the user with the registrar suffix, mails the activation link and audits it', async () => {
    await t.newMail();
    const res = await call('POST', '/services/users', { body: valid });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        user: {
          username: 'new_user-1@alpha',
          name: 'Nina New',
          email: 'nina@mail.example',
          roles: ['TECH', 'FINANCE'],
          awaitingActivation: true,
          disabled: false,
          accessEnd: null,
          secondFactors: { totp: false, passkeys: 0 },
        },
        activationMail: 'sent',
      },
      messages: [],
    });
    expect(await stored('new_user-1@alpha')).toMatchObject({
      registrarHandle: 'alpha',
      name: 'Nina New',
      roles: ['TECH', 'FINANCE'],
      state: 'awaiting_activation',
    });
    const mail = await t.newMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'nina@mail.example' });
    expect(mail[0]?.text).toContain(t.config.publicUrl);
    const [audit] = await auditOf('user.create', 'new_user-1@alpha');
    expect(audit).toMatchObject({ registrarHandle: 'alpha', username: 'admin@alpha', details: { roles: ['TECH', 'FINANCE'] } });
  });

  it('refuses a username that is taken, also in another letter case', async () => {
    for (const username of ['support', 'SUPPORT', 'Support']) {
      const res = await call('POST', '/services/users', { body: { ...valid, username } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        data: null,
        messages: [{ messageKey: 'users.usernameTaken', defaultMessage: 'This username is already in use. Please choose another one.', field: 'username' }],
      });
    }
    expect(await stored('support@alpha')).toMatchObject({ name: 'Bob Support' });
  });

  it('accepts a username that only another registrar uses', async () => {
    const res = await call('POST', '/services/users', { body: { ...valid, username: 'other' } });
    expect(res.statusCode).toBe(201);
    expect(await stored('other@alpha')).toMatchObject({ registrarHandle: 'alpha' });
    expect(await stored('other@beta')).toMatchObject({ registrarHandle: 'beta', name: 'Beta Other' });
  });

  it.each([
    ['a username with other characters', { username: 'bad@beta' }, 'username', 'validation.username', 'Only use alfanumerics, _ and -.'],
    ['a username with a space', { username: 'has space' }, 'username', 'validation.username', 'Only use alfanumerics, _ and -.'],
    ['a username of 201 characters', { username: 'u'.repeat(201) }, 'username', 'validation.maxLength', 'Too many characters. The maximum length is 200.'],
    ['no username', { username: '' }, 'username', 'validation.required', 'Please complete this mandatory field.'],
    ['no name', { name: '   ' }, 'name', 'validation.required', 'Please complete this mandatory field.'],
    ['a name of 256 characters', { name: 'n'.repeat(256) }, 'name', 'validation.maxLength', 'Too many characters. The maximum length is 255.'],
    ['an invalid email', { email: 'nina@' }, 'email', 'validation.email', 'This is an invalid email address.'],
    [
      'an email of 256 characters',
      { email: `${'e'.repeat(244)}@mail.example` },
      'email',
      'validation.maxLength',
      'Too many characters. The maximum length is 255.',
    ],
    ['the ADMIN role', { roles: ['SUPPORT', 'ADMIN'] }, 'roles', 'validation.role', 'Only the roles SUPPORT, TECH and FINANCE can be given.'],
    ['an unknown role', { roles: ['OWNER'] }, 'roles.0', 'validation.role', 'Only the roles SUPPORT, TECH and FINANCE can be given.'],
  ])('refuses %s with a field message and creates nothing', async (_label, change, field, messageKey, defaultMessage) => {
    await t.newMail();
    const res = await call('POST', '/services/users', { body: { ...valid, username: 'refused', ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ messages: unknown[] }>().messages).toContainEqual(expect.objectContaining({ field, messageKey, defaultMessage }));
    expect(await t.newMail()).toEqual([]);
    const listed = await t.database.db.select({ username: users.username }).from(users).where(eq(users.name, valid.name));
    expect(listed.map((row) => row.username)).toEqual(['new_user-1@alpha', 'other@alpha']);
  });

  it('answers 400 in the envelope to a body that is not an object', async () => {
    const res = await call('POST', '/services/users', { body: ['not', 'an', 'object'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null, messages: [expect.objectContaining({ messageKey: expect.stringMatching(/^(validation|error)\./) })] });
  });
});

describe('PUT /services/users/{username}', () => {
  it('changes the name, email and roles of a user and audits the change', async () => {
    await addUser('editable@alpha', ['SUPPORT'], 'Eddie Edit');
    const res = await call('PUT', path('editable@alpha'), { body: { name: 'Eddie Edited', email: 'eddie@mail.example', roles: ['TECH', 'FINANCE', 'TECH'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, messages: [] });
    expect(await stored('editable@alpha')).toMatchObject({ name: 'Eddie Edited', email: 'eddie@mail.example', roles: ['TECH', 'FINANCE'] });
    const [audit] = await auditOf('user.update', 'editable@alpha');
    expect(audit?.details).toMatchObject({ before: { name: 'Eddie Edit', roles: ['SUPPORT'] }, after: { name: 'Eddie Edited', roles: ['TECH', 'FINANCE'] } });
  });

  it('can take every role away', async () => {
    await addUser('roleless@alpha', ['SUPPORT', 'TECH']);
    const res = await call('PUT', path('roleless@alpha'), { body: { name: 'No Roles', email: 'none@mail.example', roles: [] } });
    expect(res.statusCode).toBe(200);
    expect(await stored('roleless@alpha')).toMatchObject({ roles: [] });
  });

  it('never grants ADMIN', async () => {
    const res = await call('PUT', path('support@alpha'), { body: { name: 'Bob Support', email: 'support.alpha@mail.example', roles: ['ADMIN'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ messages: [{ messageKey: 'validation.role', field: 'roles' }] });
    expect(await stored('support@alpha')).toMatchObject({ roles: ['SUPPORT'] });
  });

  it("keeps an administrator's roles: name and email change, roles sent unchanged", async () => {
    const res = await call('PUT', path('boss@alpha'), { body: { name: 'Zoe Boss-Smith', email: 'zoe@mail.example', roles: ['SUPPORT', 'ADMIN'] } });
    expect(res.statusCode).toBe(200);
    expect(await stored('boss@alpha')).toMatchObject({ name: 'Zoe Boss-Smith', email: 'zoe@mail.example' });
    expect((await stored('boss@alpha'))?.roles.sort()).toEqual(['ADMIN', 'SUPPORT']);
  });

  it.each([[['SUPPORT']], [['ADMIN']], [['ADMIN', 'SUPPORT', 'TECH']], [[]]])("refuses to change an administrator's roles to %j", async (roles) => {
    const res = await call('PUT', path('boss@alpha'), { body: { name: 'Changed', email: 'changed@mail.example', roles } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      data: null,
      messages: [{ messageKey: 'users.adminRolesFixed', defaultMessage: 'The roles of an administrator cannot be changed.', field: 'roles' }],
    });
    expect(await stored('boss@alpha')).toMatchObject({ name: 'Zoe Boss-Smith' });
    expect((await stored('boss@alpha'))?.roles.sort()).toEqual(['ADMIN', 'SUPPORT']);
  });

  it("answers 404 for another registrar's user and for an unknown one, and changes nothing", async () => {
    for (const username of ['other@beta', 'admin@beta', 'nobody@alpha', 'support', 'support@alpha@beta']) {
      const res = await call('PUT', path(username), { body: { name: 'Hijacked', email: 'hijack@mail.example', roles: ['SUPPORT'] } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ data: null, messages: [{ messageKey: 'error.notFound' }] });
    }
    expect(await stored('other@beta')).toMatchObject({ name: 'Beta Other', email: 'other.beta@mail.example' });
  });

  it('validates the body with the contract rules', async () => {
    const res = await call('PUT', path('support@alpha'), { body: { name: '', email: 'not-an-email', roles: ['SUPPORT'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ messages: { field: string; messageKey: string }[] }>().messages.map((m) => [m.field, m.messageKey])).toEqual([
      ['name', 'validation.required'],
      ['email', 'validation.email'],
    ]);
  });
});

describe('DELETE /services/users/{username}', () => {
  it('deletes a user of the registrar and audits it', async () => {
    await addUser('leaving@alpha', ['FINANCE'], 'Lea Ving');
    const res = await call('DELETE', path('leaving@alpha'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, messages: [] });
    expect(await stored('leaving@alpha')).toBeUndefined();
    expect(await auditOf('user.delete', 'leaving@alpha')).toEqual([expect.objectContaining({ username: 'admin@alpha', registrarHandle: 'alpha' })]);
    const list = await call('GET', '/services/users');
    expect(JSON.stringify(list.json())).not.toContain('leaving@alpha');
  });

  it('never deletes an administrator', async () => {
    const res = await call('DELETE', path('boss@alpha'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ data: null, messages: [{ messageKey: 'users.adminNotDeletable', defaultMessage: 'An administrator cannot be deleted.' }] });
    expect(await stored('boss@alpha')).toBeDefined();
  });

  it('never lets a user delete themselves', async () => {
    const res = await call('DELETE', path('admin@alpha'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ data: null, messages: [{ messageKey: 'users.selfDelete', defaultMessage: 'You cannot delete your own user.' }] });
    expect(await stored('admin@alpha')).toBeDefined();
  });

  it("answers 404 for another registrar's user and for an unknown one", async () => {
    for (const username of ['other@beta', 'nobody@alpha']) {
      const res = await call('DELETE', path(username));
      expect(res.statusCode).toBe(404);
    }
    expect(await stored('other@beta')).toBeDefined();
  });
});

describe('DELETE /services/users/{username}/totp', () => {
  it('removes the TOTP secret, tells the user by mail and audits it', async () => {
    await addUser('enrolled@alpha', ['TECH'], 'Enno Rolled');
    await t.database.db.update(users).set({ totpSecretEncrypted: 'encrypted-secret', state: 'active' }).where(eq(users.username, 'enrolled@alpha'));
    expect((await t.app.userDirectory.findUser('enrolled@alpha'))?.hasTotp).toBe(true);
    await t.newMail();
    const res = await call('DELETE', path('enrolled@alpha', '/totp'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, messages: [] });
    expect((await t.app.userDirectory.findUser('enrolled@alpha'))?.hasTotp).toBe(false);
    expect(await t.newMail()).toEqual([expect.objectContaining({ to: 'enrolled.alpha@mail.example' })]);
    expect(await auditOf('user.totpReset', 'enrolled@alpha')).toHaveLength(1);
  });

  it("never resets an administrator's, including the caller's own", async () => {
    for (const username of ['boss@alpha', 'admin@alpha']) {
      const res = await call('DELETE', path(username, '/totp'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        data: null,
        messages: [{ messageKey: 'users.adminTotpFixed', defaultMessage: 'The 2-step verification of an administrator cannot be reset.' }],
      });
    }
  });

  it("answers 404 for another registrar's user", async () => {
    await t.database.db.update(users).set({ totpSecretEncrypted: 'encrypted-secret' }).where(eq(users.username, 'other@beta'));
    const res = await call('DELETE', path('other@beta', '/totp'));
    expect(res.statusCode).toBe(404);
    expect((await t.app.userDirectory.findUser('other@beta'))?.hasTotp).toBe(true);
  });
});

describe('POST /services/users/{username}/activation', () => {
  it('mails a user who has not activated a new activation link, and audits it', async () => {
    await addUser('late@alpha', ['SUPPORT'], 'Lena Late');
    await t.newMail();
    const res = await call('POST', path('late@alpha', '/activation'));
    expect(res.statusCode).toBe(200);
    expect(await t.newMail()).toEqual([
      expect.objectContaining({ to: 'late.alpha@mail.example', text: expect.stringContaining(t.config.publicUrl) as string }),
    ]);
    expect(await auditOf('user.activationResend', 'late@alpha')).toHaveLength(1);
  });

  it('answers 409 for a user who has activated already, and mails nothing', async () => {
    await addUser('active@alpha', ['SUPPORT'], 'Arno Active');
    await t.database.db.update(users).set({ state: 'active' }).where(eq(users.username, 'active@alpha'));
    await t.newMail();
    const res = await call('POST', path('active@alpha', '/activation'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ messages: [{ messageKey: 'users.alreadyActive' }] });
    expect(await t.newMail()).toEqual([]);
  });

  it("answers 404 for another registrar's user, and mails nothing", async () => {
    await t.newMail();
    expect((await call('POST', path('other@beta', '/activation'))).statusCode).toBe(404);
    expect(await t.newMail()).toEqual([]);
  });
});
