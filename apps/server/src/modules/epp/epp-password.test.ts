import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PanelRole } from '@registrar-panel/contract';
import { registrars } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isUnsafeEppPassword, passwordAuditAction } from './epp-password.service';
import { addUser, auditRows, passwordRequiredUrl, passwordUrl } from './epp.test-support';

let t: TestApp;
let handle: string;
let tech: { username: string; roles: PanelRole[]; firstName: string; lastName: string };
let registrarCount = 0;

const first = 'Correct Horse 9!';
const second = 'Battery Staple7?';
const third = 'Purple Monkey 3#';

async function change(body: unknown, as = tech) {
  return call(t, { method: 'PUT', url: passwordUrl, as, body });
}

async function required(as = tech): Promise<unknown> {
  return (await call(t, { url: passwordRequiredUrl, as })).json();
}

async function storedHash(of = handle) {
  const [row] = await t.database.db
    .select({ hash: registrars.eppPasswordHash, at: registrars.eppPasswordChangedAt })
    .from(registrars)
    .where(eq(registrars.handle, of));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

// Each test starts on a registrar of its own, without an EPP password.
beforeEach(async () => {
  handle = `reg${++registrarCount}x`;
  await createRegistrar(t.database.db, { handle });
  await addUser(t, `jdoe@${handle}`, ['ADMIN']);
  await addUser(t, `tech@${handle}`, ['TECH']);
  await addUser(t, `al@${handle}`, ['SUPPORT']);
  tech = { username: `tech@${handle}`, roles: ['TECH'], firstName: 'Carla', lastName: 'Tech' };
});

describe('setting the first password', () => {
  it('needs no current password, then needs it; only an argon2id hash is stored', async () => {
    expect(await required()).toEqual({ data: { value: false }, messages: [] });
    const res = await change({ newPassword: first });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, messages: [] });
    expect(await required()).toEqual({ data: { value: true }, messages: [] });
    const stored = await storedHash();
    expect(stored?.hash).toMatch(/^\$argon2id\$/);
    expect(stored?.hash).not.toContain(first);
    expect(stored?.at).toBeInstanceOf(Date);
  });

  it('ignores a current password sent while none is set', async () => {
    expect((await change({ oldPassword: 'anything at all', newPassword: first })).statusCode).toBe(200);
  });

  it.each([14, 15, 16])('accepts a password of %i characters', async (length) => {
    const password = 'Ab1! '.padEnd(length, 'x');
    expect((await change({ newPassword: password })).statusCode).toBe(200);
  });
});

describe('the rules of the new password', () => {
  const weak = {
    messageKey: 'validation.eppPasswordWeak',
    defaultMessage:
      'Password is not strong enough, use at least 14 characters with following special characters: numeric, uppercase, lowercase, special character and space.',
    field: 'newPassword',
  };

  it.each([
    ['13 characters', 'Ab1! xxxxxxxx'],
    ['no digit', 'Abc! xxxxxxxxx'],
    ['no upper case', 'ab1! xxxxxxxxx'],
    ['no lower case', 'AB1! XXXXXXXXX'],
    ['no special character', 'Ab12 xxxxxxxxx'],
    ['no space', 'Ab1!xxxxxxxxxx'],
  ])('refuses a password with %s', async (_case, password) => {
    const res = await change({ newPassword: password });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([weak]);
    expect(await required()).toEqual({ data: { value: false }, messages: [] });
  });

  it('refuses more than 16 characters and an empty password', async () => {
    const long = await change({ newPassword: 'Ab1! '.padEnd(17, 'x') });
    expect(messagesOf(long)).toEqual([
      { messageKey: 'validation.maxLength', defaultMessage: 'Too many characters. The maximum length is 16.', field: 'newPassword', params: { max: 16 } },
    ]);
    const empty = await change({ newPassword: '' });
    expect(messagesOf(empty)[0]).toEqual({ messageKey: 'validation.required', defaultMessage: 'Please complete this mandatory field.', field: 'newPassword' });
    expect((await change({})).statusCode).toBe(400);
  });
});

describe('changing the password', () => {
  beforeEach(async () => {
    expect((await change({ newPassword: first })).statusCode).toBe(200);
  });

  it('needs the current password', async () => {
    const before = await storedHash();
    const res = await change({ newPassword: second });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([{ messageKey: 'validation.required', defaultMessage: 'Please complete this mandatory field.', field: 'oldPassword' }]);
    expect(await storedHash()).toEqual(before);
  });

  it('refuses a wrong current password with a clear message, and keeps the password', async () => {
    const before = await storedHash();
    const res = await change({ oldPassword: 'Correct Horse 8!', newPassword: second });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([{ messageKey: 'epp.password.wrong', defaultMessage: 'The current password is not correct.', field: 'oldPassword' }]);
    expect(await storedHash()).toEqual(before);
  });

  it('changes it with the right current password; the old one no longer counts', async () => {
    expect((await change({ oldPassword: first, newPassword: second })).statusCode).toBe(200);
    expect(messagesOf(await change({ oldPassword: first, newPassword: third }))[0]?.messageKey).toBe('epp.password.wrong');
    expect((await change({ oldPassword: second, newPassword: third })).statusCode).toBe(200);
  });

  it('refuses the current password as the new one', async () => {
    const res = await change({ oldPassword: first, newPassword: first });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([
      {
        messageKey: 'unsafe.password',
        defaultMessage:
          'This password is not safe: it must not be a commonly used password, nor contain your registrar handle, a username, the word ‘registrar’ or the TLD, nor be the same as the current password.',
        field: 'newPassword',
      },
    ]);
  });
});

describe('unsafe passwords', () => {
  it.each([
    ['the registrar handle', (h: string) => `My ${h.toUpperCase()} key 1!`],
    ['the username of another user', () => 'Hi JDoe 12345 !'],
    ['the caller’s own username', () => 'my tech pass 1!X'],
  ])('refuses a password that contains %s, in any letter case', async (_case, password) => {
    const res = await change({ newPassword: password(handle) });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([expect.objectContaining({ messageKey: 'unsafe.password', field: 'newPassword' })]);
    expect(await required()).toEqual({ data: { value: false }, messages: [] });
  });

  it('ignores names of other registrars and usernames shorter than 3 characters', async () => {
    await createRegistrar(t.database.db, { handle: 'zulu' });
    await addUser(t, 'moose@zulu', ['ADMIN']);
    // 'al' is a username of this registrar, 'zulu' and 'moose' belong to another one.
    expect((await change({ newPassword: 'Zulu Moose al 1!' })).statusCode).toBe(200);
  });

  it.each([
    ['a common password in another letter case', 'Snakeyjic88  *'],
    ['the word registrar', 'My Registrar 12!'],
    ['the TLD as a word', 'Key for .BE 42!x'],
  ])('refuses %s', async (_case, password) => {
    const res = await change({ newPassword: password });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([expect.objectContaining({ messageKey: 'unsafe.password', field: 'newPassword' })]);
    expect(await required()).toEqual({ data: { value: false }, messages: [] });
  });

  it('compares usernames whole and by the part before the @; the TLD only as a word of its own', () => {
    const context = (registrarHandle: string, usernames: string[]) => ({ registrarHandle, usernames, tld: 'be' });
    expect(isUnsafeEppPassword('x jdoe y', context('acme', ['jdoe@acme']))).toBe(true);
    expect(isUnsafeEppPassword('x acme y', context('globex', ['jdoe@globex']))).toBe(false);
    expect(isUnsafeEppPassword('x ACME y', context('acme', []))).toBe(true);
    expect(isUnsafeEppPassword('x jo y', context('acme', ['jo@acme']))).toBe(false);
    expect(isUnsafeEppPassword('Remember 2 Bees!', context('acme', []))).toBe(false);
    expect(isUnsafeEppPassword('Dns.be Key 2026!', context('acme', []))).toBe(true);
  });
});

describe('another registrar', () => {
  it('has its own password', async () => {
    expect((await change({ newPassword: first })).statusCode).toBe(200);
    const otherHandle = `${handle}other`;
    await createRegistrar(t.database.db, { handle: otherHandle });
    const other = { username: `tech@${otherHandle}`, roles: ['TECH'] as PanelRole[], firstName: 'O', lastName: 'T' };
    expect(await required(other)).toEqual({ data: { value: false }, messages: [] });
    // Setting the other registrar's first password needs no current one and leaves this registrar's alone.
    expect((await change({ newPassword: second }, other)).statusCode).toBe(200);
    expect(messagesOf(await change({ oldPassword: second, newPassword: third }))[0]?.messageKey).toBe('epp.password.wrong');
    expect((await change({ oldPassword: first, newPassword: third })).statusCode).toBe(200);
  });
});

describe('audit trail and security notification', () => {
  it('records and mails each change without the password', async () => {
    await addUser(t, `chief@${handle}`, ['ADMIN', 'TECH'], 'chief@mail.example');
    const auditsBefore = (await auditRows(t, passwordAuditAction)).length;
    await t.newMail();
    expect((await call(t, { method: 'PUT', url: passwordUrl, as: tech, body: { newPassword: first }, remoteAddress: '198.51.100.23' })).statusCode).toBe(200);
    const setMails = await t.newMail();
    expect((await change({ oldPassword: first, newPassword: second })).statusCode).toBe(200);
    const changeMails = await t.newMail();

    const audits = (await auditRows(t, passwordAuditAction)).slice(auditsBefore);
    expect(audits).toEqual([
      expect.objectContaining({ registrarHandle: handle, username: tech.username, ip: '198.51.100.23', details: { firstTime: true } }),
      expect.objectContaining({ registrarHandle: handle, username: tech.username, ip: '127.0.0.1', details: { firstTime: false } }),
    ]);

    const recipients = [`tech@${handle}.example`, 'chief@mail.example', `jdoe.${handle}@mail.example`].sort();
    expect(setMails.map((m) => m.to).sort()).toEqual(recipients);
    expect(changeMails.map((m) => m.to).sort()).toEqual(recipients);
    expect(setMails[0]?.subject).toBe(`EPP password set for registrar ${handle}`);
    expect(changeMails[0]?.subject).toBe(`EPP password changed for registrar ${handle}`);
    expect(setMails[0]?.text).toContain(`The EPP password of registrar ${handle} was set.`);
    expect(setMails[0]?.text).toContain(`Changed by: Carla Tech (tech@${handle})`);
    expect(setMails[0]?.text).toContain('From IP address: 198.51.100.23');
    expect(setMails[0]?.text).toMatch(/When: \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} CES?T/);
    for (const mail of [...setMails, ...changeMails]) {
      for (const secret of [first, second, 'Correct', 'Battery']) expect(`${mail.subject}\n${mail.text}`).not.toContain(secret);
    }
  });

  it('records and mails nothing for a refused change', async () => {
    await change({ newPassword: first });
    const auditsBefore = (await auditRows(t, passwordAuditAction)).length;
    await t.newMail();
    await change({ oldPassword: 'wrong', newPassword: second });
    await change({ oldPassword: first, newPassword: first });
    expect(await auditRows(t, passwordAuditAction)).toHaveLength(auditsBefore);
    expect(await t.newMail()).toEqual([]);
  });
});
