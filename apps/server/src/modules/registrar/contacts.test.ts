import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { PanelRole } from '@registrar-panel/contract';
import { auditEvents, registrars } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A fresh registrar per test, so versions and audit entries start from a known state. */
let handle: string;
let counter = 0;
beforeEach(async () => {
  handle = `reg${++counter}`;
  await createRegistrar(t.database.db, { handle });
});

const editor = (roles: PanelRole[] = ['TECH']) => ({ username: `editor@${handle}`, roles });

const publicContact = () => ({
  organization: 'Alpha Domains NV',
  email: 'hello@alpha.example',
  phone: '+32.98765432',
  url: 'https://www.alpha.example',
  address: { street: 'Rue Neuve 2', street2: 'Box 3', street3: '', postalCode: '1000', city: 'Brussels', region: 'Brussels-Capital', countryCode: 'BE' },
});

async function registrarRow(h = handle) {
  const [row] = await t.database.db.select().from(registrars).where(eq(registrars.handle, h));
  return row!;
}

async function auditOf(h = handle) {
  return t.database.db.select().from(auditEvents).where(eq(auditEvents.registrarHandle, h)).orderBy(desc(auditEvents.id));
}

describe('PUT /services/registrar (public contact)', () => {
  it('saves the public contact, bumps the version and answers the saved registrar', async () => {
    const res = await call(t, { method: 'PUT', url: '/services/registrar', as: editor(), body: { ...publicContact(), version: 1 } });
    expect(res.statusCode).toBe(200);
    const expected = {
      organization: 'Alpha Domains NV',
      email: 'hello@alpha.example',
      phone: '+32.98765432',
      url: 'https://www.alpha.example',
      address: { street: 'Rue Neuve 2', street2: 'Box 3', postalCode: '1000', city: 'Brussels', region: 'Brussels-Capital', countryCode: 'BE' },
    };
    expect(res.json()).toMatchObject({ data: { registrar: { handle, version: 2, publicContact: expected } }, messages: [] });
    expect((await registrarRow()).publicContact).toEqual(expected);
  });

  it('records who changed what, when and from where in the audit trail', async () => {
    const before = Date.now();
    await call(t, { method: 'PUT', url: '/services/registrar', as: editor(), body: { ...publicContact(), version: 1 } });
    const [entry, ...others] = await auditOf();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ username: `editor@${handle}`, registrarHandle: handle, ip: '127.0.0.1', action: 'registrar.publicContact.update' });
    expect(entry!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(entry!.details).toEqual({
      contact: 'publicContact',
      version: 2,
      changes: [
        { field: 'address.region', old: null, new: 'Brussels-Capital' },
        { field: 'address.street', old: 'Main Street 1', new: 'Rue Neuve 2' },
        { field: 'address.street2', old: null, new: 'Box 3' },
        { field: 'email', old: `info@${handle}.example`, new: 'hello@alpha.example' },
        { field: 'organization', old: `${handle} BV`, new: 'Alpha Domains NV' },
        { field: 'phone', old: '+32.21234567', new: '+32.98765432' },
        { field: 'url', old: `https://${handle}.example`, new: 'https://www.alpha.example' },
      ],
    });
  });

  it('trims surrounding spaces and writes nothing when nothing changes', async () => {
    const current = (await registrarRow()).publicContact;
    const res = await call(t, {
      method: 'PUT',
      url: '/services/registrar',
      as: editor(),
      body: { ...current, organization: `  ${current.organization}  `, version: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { registrar: { version: 1 } } });
    expect(await auditOf()).toEqual([]);
  });

  it('refuses a save based on an older version with 409 and keeps the first save', async () => {
    const first = await call(t, { method: 'PUT', url: '/services/registrar', as: editor(), body: { ...publicContact(), version: 1 } });
    expect(first.statusCode).toBe(200);
    const second = await call(t, {
      method: 'PUT',
      url: '/services/registrar',
      as: editor(['SUPPORT']),
      body: { ...publicContact(), organization: 'Second Writer', version: 1 },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      data: null,
      messages: [
        {
          messageKey: 'error.conflict',
          defaultMessage: 'Someone else changed this data while you were editing it. Reload to see their changes, then apply yours again.',
        },
      ],
    });
    const row = await registrarRow();
    expect(row.publicContact.organization).toBe('Alpha Domains NV');
    expect(row.version).toBe(2);
    expect(await auditOf()).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous saves of the same version through', async () => {
    const [a, b] = await Promise.all([
      call(t, { method: 'PUT', url: '/services/registrar', as: editor(), body: { ...publicContact(), organization: 'Writer A', version: 1 } }),
      call(t, { method: 'PUT', url: '/services/registrar', as: editor(), body: { ...publicContact(), organization: 'Writer B', version: 1 } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Writer A' : 'Writer B';
    expect((await registrarRow()).publicContact.organization).toBe(winner);
  });

  it('a contact change also makes an edit of another contact from the same old version stale', async () => {
    await call(t, { method: 'PUT', url: '/services/registrar', as: editor(), body: { ...publicContact(), version: 1 } });
    const res = await call(t, {
      method: 'POST',
      url: '/services/registrar/whoisContact',
      as: editor(),
      body: { type: 'TECH', email: 'x@y.example', phone: '+32.1', version: 1 },
    });
    expect(res.statusCode).toBe(409);
  });

  it('changes only the caller’s registrar, whatever the body says', async () => {
    await createRegistrar(t.database.db, { handle: `${handle}-other` });
    const res = await call(t, { method: 'PUT', url: '/services/registrar', as: editor(), body: { ...publicContact(), handle: `${handle}-other` } });
    expect(res.statusCode).toBe(200);
    expect((await registrarRow()).publicContact.organization).toBe('Alpha Domains NV');
    expect((await registrarRow(`${handle}-other`)).publicContact.organization).toBe(`${handle}-other BV`);
  });

  it.each<[PanelRole, number]>([
    ['SUPPORT', 200],
    ['TECH', 200],
    ['ADMIN', 200],
    ['FINANCE', 403],
  ])('role %s answers %i', async (role, status) => {
    const res = await call(t, { method: 'PUT', url: '/services/registrar', as: editor([role]), body: publicContact() });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect((await registrarRow()).version).toBe(1);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t, { method: 'PUT', url: '/services/registrar', body: publicContact() })).statusCode).toBe(401);
  });

  const long = (n: number) => 'x'.repeat(n);
  type Patch = (body: ReturnType<typeof publicContact>) => void;
  it.each<[string, Patch, string, string, string]>([
    [
      'organization missing',
      (b) => void ((b as { organization?: string }).organization = undefined),
      'organization',
      'validation.required',
      'Please complete this mandatory field.',
    ],
    ['organization blank', (b) => void (b.organization = '   '), 'organization', 'validation.required', 'Please complete this mandatory field.'],
    [
      'organization too long',
      (b) => void (b.organization = long(256)),
      'organization',
      'validation.maxLength',
      'Too many characters. The maximum length is 255.',
    ],
    ['email missing', (b) => void (b.email = ''), 'email', 'validation.required', 'Please complete this mandatory field.'],
    ['email invalid', (b) => void (b.email = 'not-an-email'), 'email', 'validation.email', 'This is an invalid email address.'],
    ['phone missing', (b) => void (b.phone = ''), 'phone', 'validation.required', 'Please complete this mandatory field.'],
    ['phone too long', (b) => void (b.phone = '+32.12345678901234'), 'phone', 'validation.maxLength', 'Too many characters. The maximum length is 17.'],
    [
      'phone without dot',
      (b) => void (b.phone = '+3212345678'),
      'phone',
      'validation.phone',
      'This is an invalid phone number. Please check the content of this field.',
    ],
    [
      'phone with a 4-digit country code',
      (b) => void (b.phone = '+3212.345'),
      'phone',
      'validation.phone',
      'This is an invalid phone number. Please check the content of this field.',
    ],
    ['url missing', (b) => void (b.url = ''), 'url', 'validation.required', 'Please complete this mandatory field.'],
    ['url not http(s)', (b) => void (b.url = 'ftp://alpha.example'), 'url', 'validation.url', 'This is an invalid URL.'],
    ['url too long', (b) => void (b.url = `https://${long(250)}.be`), 'url', 'validation.maxLength', 'Too many characters. The maximum length is 255.'],
    ['street missing', (b) => void (b.address.street = ''), 'address.street', 'validation.required', 'Please complete this mandatory field.'],
    [
      'street too long',
      (b) => void (b.address.street = long(256)),
      'address.street',
      'validation.maxLength',
      'Too many characters. The maximum length is 255.',
    ],
    [
      'street2 too long',
      (b) => void (b.address.street2 = long(256)),
      'address.street2',
      'validation.maxLength',
      'Too many characters. The maximum length is 255.',
    ],
    [
      'street3 too long',
      (b) => void (b.address.street3 = long(256)),
      'address.street3',
      'validation.maxLength',
      'Too many characters. The maximum length is 255.',
    ],
    ['postal code missing', (b) => void (b.address.postalCode = ''), 'address.postalCode', 'validation.required', 'Please complete this mandatory field.'],
    [
      'postal code too long',
      (b) => void (b.address.postalCode = long(17)),
      'address.postalCode',
      'validation.maxLength',
      'Too many characters. The maximum length is 16.',
    ],
    ['city missing', (b) => void (b.address.city = ''), 'address.city', 'validation.required', 'Please complete this mandatory field.'],
    ['city too long', (b) => void (b.address.city = long(256)), 'address.city', 'validation.maxLength', 'Too many characters. The maximum length is 255.'],
    [
      'region too long',
      (b) => void (b.address.region = long(256)),
      'address.region',
      'validation.maxLength',
      'Too many characters. The maximum length is 255.',
    ],
    ['country missing', (b) => void (b.address.countryCode = ''), 'address.countryCode', 'validation.required', 'Please complete this mandatory field.'],
    [
      'country not a code',
      (b) => void (b.address.countryCode = 'Belgium'),
      'address.countryCode',
      'validation.countryCode',
      'Please choose a country from the list.',
    ],
    [
      'country not in the list',
      (b) => void (b.address.countryCode = 'XX'),
      'address.countryCode',
      'validation.countryCode',
      'Please choose a country from the list.',
    ],
  ])('refuses %s with a message on the field', async (_case, patch, field, messageKey, defaultMessage) => {
    const body = publicContact();
    patch(body);
    const res = await call(t, { method: 'PUT', url: '/services/registrar', as: editor(), body });
    expect(res.statusCode).toBe(400);
    const messages = res.json<{ messages: unknown[] }>().messages;
    expect(messages).toContainEqual(expect.objectContaining({ field, messageKey, defaultMessage }));
    expect((await registrarRow()).version).toBe(1);
  });

  it('accepts the limits exactly, and empty optional lines', async () => {
    const body = publicContact();
    body.organization = long(255);
    body.phone = '+123.12345678901';
    body.address.postalCode = long(16);
    body.address.street2 = '';
    body.address.region = '';
    const res = await call(t, { method: 'PUT', url: '/services/registrar', as: editor(), body });
    expect(res.statusCode).toBe(200);
    expect((await registrarRow()).publicContact.address).toEqual({ street: 'Rue Neuve 2', postalCode: long(16), city: 'Brussels', countryCode: 'BE' });
  });

  it('answers 400 in the envelope for a body that is not JSON or not an object', async () => {
    const garbled = await t.app.inject({
      method: 'PUT',
      url: '/services/registrar',
      headers: { authorization: `Bearer ${await t.tokenFor(editor())}`, 'content-type': 'application/json' },
      payload: '{"organization":',
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json()).toMatchObject({ data: null, messages: [{ messageKey: 'error.badRequest' }] });
    const array = await call(t, { method: 'PUT', url: '/services/registrar', as: editor(), body: [] });
    expect(array.statusCode).toBe(400);
  });
});

describe('POST /services/registrar/whoisContact', () => {
  const url = '/services/registrar/whoisContact';

  it.each([
    ['TECH', 'techContact', 'registrar.techContact.update'],
    ['ADMIN', 'adminContact', 'registrar.adminContact.update'],
  ] as const)('saves the %s contact with its name and audits it', async (type, column, action) => {
    const res = await call(t, {
      method: 'POST',
      url,
      as: editor(),
      body: { type, name: ' Jane Doe ', email: 'jane@alpha.example', phone: '+32.11111111', version: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { registrar: { version: 2, [column]: { name: 'Jane Doe', email: 'jane@alpha.example', phone: '+32.11111111' } } },
    });
    const [entry] = await auditOf();
    expect(entry).toMatchObject({ action, details: { contact: column, version: 2 } });
    expect((entry!.details as { changes: unknown[] }).changes).toContainEqual({
      field: 'name',
      old: type === 'TECH' ? 'Tech Person' : 'Admin Person',
      new: 'Jane Doe',
    });
  });

  it('removes the name when it is left empty (it is optional)', async () => {
    const res = await call(t, { method: 'POST', url, as: editor(), body: { type: 'TECH', name: '', email: 'jane@alpha.example', phone: '+32.11111111' } });
    expect(res.statusCode).toBe(200);
    expect((await registrarRow()).techContact).toEqual({ email: 'jane@alpha.example', phone: '+32.11111111' });
  });

  it('saves the ABUSE contact without a name, ignoring one that is sent', async () => {
    const res = await call(t, {
      method: 'POST',
      url,
      as: editor(),
      body: { type: 'ABUSE', name: 'Ignored', email: 'abuse@new.example', phone: '+32.22222222', version: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect((await registrarRow()).abuseContact).toEqual({ email: 'abuse@new.example', phone: '+32.22222222' });
    const [entry] = await auditOf();
    expect(entry).toMatchObject({ action: 'registrar.abuseContact.update' });
    expect(JSON.stringify(entry!.details)).not.toContain('Ignored');
  });

  it('refuses a stale version with 409', async () => {
    await call(t, { method: 'POST', url, as: editor(), body: { type: 'ADMIN', email: 'a@b.example', phone: '+32.1', version: 1 } });
    const res = await call(t, { method: 'POST', url, as: editor(), body: { type: 'ABUSE', email: 'c@d.example', phone: '+32.2', version: 1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ messages: [{ messageKey: 'error.conflict' }] });
    expect((await registrarRow()).abuseContact.email).toBe(`abuse@${handle}.example`);
  });

  it.each<[PanelRole, number]>([
    ['SUPPORT', 200],
    ['TECH', 200],
    ['ADMIN', 200],
    ['FINANCE', 403],
  ])('role %s answers %i', async (role, status) => {
    const res = await call(t, { method: 'POST', url, as: editor([role]), body: { type: 'TECH', email: 'a@b.example', phone: '+32.1' } });
    expect(res.statusCode).toBe(status);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t, { method: 'POST', url, body: { type: 'TECH', email: 'a@b.example', phone: '+32.1' } })).statusCode).toBe(401);
  });

  it.each<[string, Record<string, unknown>, string, string, string]>([
    ['name too long', { name: 'n'.repeat(256) }, 'name', 'validation.maxLength', 'Too many characters. The maximum length is 255.'],
    ['email missing', { email: undefined }, 'email', 'validation.required', 'Please complete this mandatory field.'],
    ['email invalid', { email: 'jane@' }, 'email', 'validation.email', 'This is an invalid email address.'],
    ['phone missing', { phone: '' }, 'phone', 'validation.required', 'Please complete this mandatory field.'],
    ['phone too long', { phone: '+32.12345678901234' }, 'phone', 'validation.maxLength', 'Too many characters. The maximum length is 17.'],
    ['phone invalid', { phone: '0032 2 123 45 67' }, 'phone', 'validation.phone', 'This is an invalid phone number. Please check the content of this field.'],
    ['type unknown', { type: 'BILLING' }, 'type', 'validation.unknown', 'Unknown error'],
    ['type missing', { type: undefined }, 'type', 'validation.unknown', 'Unknown error'],
  ])('refuses %s with a message on the field', async (_case, patch, field, messageKey, defaultMessage) => {
    const body = { type: 'TECH', name: 'Jane', email: 'jane@alpha.example', phone: '+32.11111111', ...patch };
    const res = await call(t, { method: 'POST', url, as: editor(), body });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ messages: unknown[] }>().messages).toContainEqual(expect.objectContaining({ field, messageKey, defaultMessage }));
    expect((await registrarRow()).version).toBe(1);
  });
});
