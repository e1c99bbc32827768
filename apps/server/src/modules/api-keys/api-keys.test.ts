import { createHash } from 'node:crypto';
import { addCalendarDays, apiKeyLimits, brusselsDay, type ApiKey, type HistoryEntry, type PanelRole } from '@registrar-panel/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditEvents, registrars } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminOf, createKey, keyRequest, postKey } from './api-keys.test-support';

/* Managing API keys: ADMIN only, per registrar, validated, the secret shown once. */

let t: TestApp;
const today = brusselsDay();
const admin = adminOf('alpha');

const list = async (as = admin) => (await call(t, { url: '/services/apiKeys', as })).json<{ data: { apiKeys: ApiKey[] } }>().data.apiKeys;
const revoke = (id: string, as = admin) => call(t, { method: 'DELETE', url: `/services/apiKeys/${encodeURIComponent(id)}`, as });
const rowsOf = (handle: string) => t.database.db.select().from(apiKeys).where(eq(apiKeys.registrarHandle, handle));
const count = async () => (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM api_keys`)).rows[0]?.n;

beforeAll(async () => {
  // Many creations by one ADMIN here; the creation limit has its own test (api-key-limits.test.ts).
  t = await createTestApp({ rateLimits: loadRateLimits({ RATE_LIMIT_API_KEY_CREATION_PER_USER: '1000/1h' }) });
  for (const handle of ['alpha', 'beta', 'gamma', 'delta']) await createRegistrar(t.database.db, { handle });
});
afterAll(async () => t?.close());

describe('without a token, or with a role other than ADMIN', () => {
  const calls = [
    { method: 'GET' as const, url: '/services/apiKeys' },
    { method: 'POST' as const, url: '/services/apiKeys', body: keyRequest() },
    { method: 'DELETE' as const, url: '/services/apiKeys/abcdefghijkl' },
  ];

  it('answers 401 without a token', async () => {
    for (const request of calls) {
      const res = await call(t, request);
      expect(res.statusCode, request.method).toBe(401);
      expect(messagesOf(res)).toMatchObject([{ messageKey: 'error.unauthorized' }]);
    }
  });

  it('answers 403 to SUPPORT, TECH and FINANCE, and neither creates nor revokes', async () => {
    const existing = await createKey(t, { name: 'Kept' });
    for (const role of ['SUPPORT', 'TECH', 'FINANCE'] as PanelRole[]) {
      const as = { username: `${role.toLowerCase()}@alpha`, roles: [role] };
      for (const request of [...calls, { method: 'DELETE' as const, url: `/services/apiKeys/${existing.apiKey.id}` }]) {
        const res = await call(t, { ...request, as });
        expect(res.statusCode, `${request.method} as ${role}`).toBe(403);
        expect(messagesOf(res)).toMatchObject([{ messageKey: 'error.forbidden' }]);
      }
    }
    expect(await rowsOf('alpha')).toHaveLength(1);
    expect((await list())[0]).toMatchObject({ name: 'Kept', state: 'active' });
    await revoke(existing.apiKey.id);
  });
});

describe('creating, listing and revoking as ADMIN', () => {
  it('creates a key, answers its secret once and stores only its hash', async () => {
    const res = await postKey(
      t,
      keyRequest({ name: '  Billing export ', scopes: ['billing', 'domainReport'], allowedAddresses: ['192.0.2.77/24', '2001:DB8::1'] }),
    );
    expect(res.statusCode).toBe(201);
    const { apiKey, secret } = res.json<{ data: { apiKey: ApiKey; secret: string } }>().data;
    expect(secret).toMatch(/^rpk_[A-Za-z0-9_-]{12}_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(`${apiKey.prefix}_`)).toBe(true);
    expect(apiKey).toEqual({
      id: apiKey.id,
      name: 'Billing export',
      prefix: `rpk_${apiKey.id}`,
      scopes: ['billing', 'domainReport'],
      allowedAddresses: ['192.0.2.0/24', '2001:db8::1'],
      expiresOn: addCalendarDays(today, 30),
      state: 'active',
      createdAt: expect.any(String) as string,
      createdBy: 'admin@alpha',
      lastUsedAt: null,
      lastUsedIp: null,
      revokedAt: null,
      revokedBy: null,
    });

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row?.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    const secretPart = secret.slice(-43);
    expect(JSON.stringify(row)).not.toContain(secretPart);

    const listing = await call(t, { url: '/services/apiKeys', as: admin });
    expect(listing.statusCode).toBe(200);
    expect(listing.body).not.toContain(secretPart);
    expect(listing.body).not.toContain(row?.secretHash);
    expect(listing.json<{ data: { apiKeys: ApiKey[] } }>().data.apiKeys[0]).toEqual(apiKey);
  });

  it('lists newest first, revoked and expired keys included with their state', async () => {
    const older = await createKey(t, { name: 'Older' });
    const expired = await createKey(t, { name: 'Expired' });
    const newest = await createKey(t, { name: 'Newest' });
    await t.database.db
      .update(apiKeys)
      .set({ expiresOn: addCalendarDays(today, -1) })
      .where(eq(apiKeys.id, expired.apiKey.id));
    const res = await revoke(older.apiKey.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { apiKey: ApiKey } }>().data.apiKey).toMatchObject({ id: older.apiKey.id, state: 'revoked', revokedBy: 'admin@alpha' });

    const listed = await list();
    const names = listed.map((key) => key.name);
    expect(names.indexOf('Newest')).toBeLessThan(names.indexOf('Expired'));
    expect(names.indexOf('Expired')).toBeLessThan(names.indexOf('Older'));
    expect(listed.find((key) => key.id === older.apiKey.id)).toMatchObject({ state: 'revoked', revokedAt: expect.any(String) as string });
    expect(listed.find((key) => key.id === expired.apiKey.id)).toMatchObject({ state: 'expired', revokedAt: null });
    expect(listed.find((key) => key.id === newest.apiKey.id)).toMatchObject({ state: 'active' });
  });

  it('revokes once: a second revocation answers the key as it is and records nothing more', async () => {
    const key = await createKey(t, { name: 'Twice' });
    const first = await revoke(key.apiKey.id);
    const second = await revoke(key.apiKey.id);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ data: { apiKey: ApiKey } }>().data.apiKey.revokedAt).toBe(first.json<{ data: { apiKey: ApiKey } }>().data.apiKey.revokedAt);
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'apiKey.revoke'));
    expect(audits.filter((row) => row.details.prefix === key.apiKey.prefix)).toHaveLength(1);
  });

  it("answers 404 for another registrar's key and an unknown id, and revokes nothing", async () => {
    const betas = await createKey(t, { name: 'Beta key' }, adminOf('beta'));
    for (const id of [betas.apiKey.id, 'unknownidxyz', 'x'.repeat(300)]) {
      const res = await revoke(id);
      expect(res.statusCode, id).toBe(404);
      expect(messagesOf(res)).toMatchObject([{ messageKey: 'error.notFound' }]);
    }
    expect((await list()).map((key) => key.id)).not.toContain(betas.apiKey.id);
    expect(await list(adminOf('beta'))).toMatchObject([{ id: betas.apiKey.id, state: 'active' }]);
  });

  it('accepts an expiry from today to 365 days ahead', async () => {
    for (const [name, expiresOn] of [
      ['Ends today', today],
      ['Ends in a year', addCalendarDays(today, apiKeyLimits.maxValidityDays)],
    ]) {
      expect((await createKey(t, { name, expiresOn })).apiKey.expiresOn).toBe(expiresOn);
    }
  });
});

describe('refused input', () => {
  const cases: [what: string, body: unknown, messageKey: string, field: string][] = [
    ['no name', keyRequest({ name: '  ' }), 'validation.required', 'name'],
    ['a name too long', keyRequest({ name: 'n'.repeat(65) }), 'validation.maxLength', 'name'],
    ['a name with a line break', keyRequest({ name: 'Two\nlines' }), 'validation.pattern', 'name'],
    ['no scope', keyRequest({ scopes: [] }), 'validation.apiKeyScopes', 'scopes'],
    ['scopes missing', { ...keyRequest(), scopes: undefined }, 'validation.apiKeyScopes', 'scopes'],
    ['an unknown scope', { ...keyRequest(), scopes: ['registrations', 'write'] }, 'validation.apiKeyScope', 'scopes.1'],
    ['a scope twice', keyRequest({ scopes: ['billing', 'billing'] }), 'validation.apiKeyScopeDuplicate', 'scopes'],
    ['an expiry in the past', keyRequest({ expiresOn: addCalendarDays(today, -1) }), 'validation.apiKeyExpiry', 'expiresOn'],
    ['an expiry beyond a year', keyRequest({ expiresOn: addCalendarDays(today, 366) }), 'validation.apiKeyExpiry', 'expiresOn'],
    ['a day that does not exist', keyRequest({ expiresOn: `${today.slice(0, 4)}-02-30` }), 'validation.apiKeyExpiry', 'expiresOn'],
    ['an expiry not a day', keyRequest({ expiresOn: 'tomorrow' }), 'validation.apiKeyExpiry', 'expiresOn'],
    ['an address that is none', keyRequest({ allowedAddresses: ['192.0.2.1', 'example.com'] }), 'validation.apiKeyAddress', 'allowedAddresses.1'],
    ['a range too wide', keyRequest({ allowedAddresses: ['192.0.2.0/33'] }), 'validation.apiKeyAddress', 'allowedAddresses.0'],
    ['a blank address', keyRequest({ allowedAddresses: [' '] }), 'validation.apiKeyAddress', 'allowedAddresses.0'],
    ['every IPv4 address', keyRequest({ allowedAddresses: ['192.0.2.0/24', '0.0.0.0/0'] }), 'validation.apiKeyAddressEverywhere', 'allowedAddresses.1'],
    ['every IPv6 address', keyRequest({ allowedAddresses: ['::/0'] }), 'validation.apiKeyAddressEverywhere', 'allowedAddresses.0'],
    ['the same range twice', keyRequest({ allowedAddresses: ['192.0.2.0/24', '192.0.2.9/24'] }), 'validation.apiKeyAddressDuplicate', 'allowedAddresses.1'],
    [
      'too many addresses',
      keyRequest({ allowedAddresses: Array.from({ length: 21 }, (_, i) => `192.0.2.${i}`) }),
      'validation.apiKeyAddressesTooMany',
      'allowedAddresses',
    ],
  ];

  it.each(cases)('refuses %s with its message key, and stores nothing', async (_what, body, messageKey, field) => {
    const [before, mailsBefore] = [await count(), (await t.queuedMail()).length];
    const res = await postKey(t, body);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toContainEqual(expect.objectContaining({ messageKey, field }));
    expect(await count()).toBe(before);
    expect(await t.queuedMail()).toHaveLength(mailsBefore);
  });

  it('says the maximum of addresses', async () => {
    const res = await postKey(t, keyRequest({ allowedAddresses: Array.from({ length: 21 }, (_, i) => `192.0.2.${i}`) }));
    expect(messagesOf(res)).toEqual([
      {
        messageKey: 'validation.apiKeyAddressesTooMany',
        defaultMessage: 'Too many addresses. The maximum is 20.',
        field: 'allowedAddresses',
        params: { max: 20 },
      },
    ]);
  });

  it("refuses a name an active key of the registrar holds, in any letter case; a revoked or expired key's name is free", async () => {
    const first = await createKey(t, { name: 'Reporting' }, adminOf('delta'));
    const taken = await postKey(t, keyRequest({ name: 'REPORTING ' }), adminOf('delta'));
    expect(taken.statusCode).toBe(409);
    expect(messagesOf(taken)).toMatchObject([{ messageKey: 'apiKeys.nameTaken', field: 'name' }]);
    // Another registrar may use the name.
    await createKey(t, { name: 'Reporting' }, adminOf('beta'));
    await revoke(first.apiKey.id, adminOf('delta'));
    const second = await createKey(t, { name: 'Reporting' }, adminOf('delta'));
    await t.database.db
      .update(apiKeys)
      .set({ expiresOn: addCalendarDays(today, -1) })
      .where(eq(apiKeys.id, second.apiKey.id));
    await createKey(t, { name: 'Reporting' }, adminOf('delta'));
    expect((await rowsOf('delta')).filter((row) => row.name === 'Reporting')).toHaveLength(3);
  });

  it('holds the cap of active keys and the unique name under parallel creations', async () => {
    const max = apiKeyLimits.maxActiveKeys;
    const gamma = adminOf('gamma');
    const sameName = await Promise.all(Array.from({ length: 6 }, () => postKey(t, keyRequest({ name: 'Race' }), gamma)));
    expect(sameName.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (let i = 1; i < max - 4; i++) await createKey(t, { name: `Key ${i}` }, gamma);
    // max - 4 active now: of 10 at once, exactly 4 are created.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => postKey(t, keyRequest({ name: `Burst ${i}` }), gamma)));
    expect(burst.filter((res) => res.statusCode === 201)).toHaveLength(4);
    const refused = burst.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(6);
    expect(messagesOf(refused[0]!)).toEqual([
      {
        messageKey: 'apiKeys.tooMany',
        defaultMessage: `Your registrar already has ${max} active API keys, the most allowed. Revoke one before creating another.`,
        params: { max },
      },
    ]);
    expect(await rowsOf('gamma')).toHaveLength(max);
    // A revoked key no longer counts.
    await revoke((await rowsOf('gamma'))[0]!.id, gamma);
    await createKey(t, { name: 'After a revocation' }, gamma);
  });
});

describe('a SUSPENDED registrar', () => {
  it('creates no key, but its ADMIN still revokes one, which its keys, still reading, would otherwise outlive', async () => {
    await createRegistrar(t.database.db, { handle: 'paused' });
    const paused = adminOf('paused');
    const leaked = await createKey(t, { name: 'Leaked' }, paused);
    await t.database.db.update(registrars).set({ status: 'SUSPENDED' }).where(eq(registrars.handle, 'paused'));
    await t.app.changeNotices.caughtUp();
    const read = () => t.app.inject({ url: '/services/domains/overview', headers: { authorization: `Bearer ${leaked.secret}` } });
    expect((await read()).statusCode).toBe(200);

    const created = await postKey(t, keyRequest({ name: 'Another' }), paused);
    expect(created.statusCode).toBe(403);
    expect(messagesOf(created)).toMatchObject([{ messageKey: 'registrar.suspended' }]);

    const revoked = await revoke(leaked.apiKey.id, paused);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ data: { apiKey: ApiKey } }>().data.apiKey).toMatchObject({ state: 'revoked', revokedBy: 'admin@paused' });
    expect((await read()).statusCode).toBe(401);
    // Still only its own keys: another registrar's answers 404 as before.
    expect((await revoke((await createKey(t, { name: 'Not theirs' }, adminOf('beta'))).apiKey.id, paused)).statusCode).toBe(404);
  });
});

describe("the registrar's history", () => {
  it('records the creation and the revocation with the key, never its secret', async () => {
    const created = await createKey(t, { name: 'Audited', scopes: ['registrations', 'billing'], allowedAddresses: ['198.51.100.0/24'] }, adminOf('beta'));
    await revoke(created.apiKey.id, adminOf('beta'));
    const res = await call(t, { url: '/services/registrar/history?kind=apiKeys', as: adminOf('beta') });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(created.secret.slice(-43));
    const entries = res
      .json<{ data: { entries: HistoryEntry[] } }>()
      .data.entries.filter((entry) => 'prefix' in entry.details && entry.details.prefix === created.apiKey.prefix);
    const details = {
      name: 'Audited',
      prefix: created.apiKey.prefix,
      scopes: ['registrations', 'billing'],
      expiresOn: created.apiKey.expiresOn,
      allowedAddresses: ['198.51.100.0/24'],
    };
    expect(entries).toMatchObject([
      { action: 'apiKey.revoke', username: 'admin@beta', details, ip: '127.0.0.1' },
      { action: 'apiKey.create', username: 'admin@beta', details, ip: '127.0.0.1' },
    ]);
  });
});
