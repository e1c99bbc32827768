import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { panelRoles } from '@registrar-panel/contract';
import { registrars } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, {
    handle: 'alpha',
    ianaId: 1234,
    status: 'INITIAL',
    createdAt: new Date('2019-03-01T09:00:00Z'),
    activatedAt: new Date('2019-03-15T10:30:00Z'),
    eppPasswordHash: 'secret-hash',
    protectedTxThreshold: 10,
    protectedTxCount: 10,
    protectedTxPeriodEnd: new Date('2026-12-01T00:00:00Z'),
  });
  await createRegistrar(t.database.db, { handle: 'beta', protectedTxThreshold: 0, protectedTxCount: 0, protectedTxPeriodEnd: null });
});
afterAll(async () => t.close());

describe('GET /services/registrar', () => {
  it.each(panelRoles)('answers the caller’s own registrar to %s', async (role) => {
    const res = await call(t, { url: '/services/registrar', as: { username: `someone@alpha`, roles: [role] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        registrar: {
          handle: 'alpha',
          ianaId: 1234,
          status: 'INITIAL',
          createTimestamp: '2019-03-01T09:00:00.000Z',
          activationTimestamp: '2019-03-15T10:30:00.000Z',
          mainContact: {
            name: 'Main Person',
            organization: 'alpha BV',
            address: { street: 'Main Street 1', postalCode: '1000', city: 'Brussels', countryCode: 'BE' },
            email: 'main@alpha.example',
            phone: '+32.21234567',
            mobilePhone: '+32.470123456',
          },
          publicContact: {
            organization: 'alpha BV',
            address: { street: 'Main Street 1', postalCode: '1000', city: 'Brussels', countryCode: 'BE' },
            email: 'info@alpha.example',
            phone: '+32.21234567',
            url: 'https://alpha.example',
          },
          techContact: { name: 'Tech Person', email: 'tech@alpha.example', phone: '+32.21234568' },
          adminContact: { name: 'Admin Person', email: 'admin@alpha.example', phone: '+32.21234569' },
          abuseContact: { email: 'abuse@alpha.example', phone: '+32.21234570' },
          language: 'en',
          version: 1,
        },
      },
      messages: [],
    });
    expect(res.body).not.toContain('secret-hash');
  });

  it('scopes to the token’s registrar: a beta user sees beta', async () => {
    const res = await call(t, { url: '/services/registrar', as: { username: 'support@beta', roles: ['SUPPORT'] } });
    expect(res.json()).toMatchObject({ data: { registrar: { handle: 'beta' } } });
  });

  it('answers 404 in the envelope for a registrar that does not exist', async () => {
    const res = await call(t, { url: '/services/registrar', as: { username: 'support@ghost', roles: ['SUPPORT'] } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: null, messages: [{ messageKey: 'error.notFound' }] });
  });

  it('answers 401 without a token, 403 for a user without any role', async () => {
    expect((await call(t, { url: '/services/registrar' })).statusCode).toBe(401);
    const res = await call(t, { url: '/services/registrar', as: { username: 'nobody@alpha', roles: [] } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ data: null, messages: [{ messageKey: 'error.forbidden', defaultMessage: 'You are not allowed to do this.' }] });
  });

  it('leaves out a main contact’s empty mobile phone and address lines', async () => {
    await createRegistrar(t.database.db, {
      handle: 'gamma',
      mainContact: {
        name: 'M',
        organization: 'O',
        address: { street: 'S', street2: '', postalCode: 'P', city: 'C', countryCode: 'NL' },
        email: 'm@gamma.example',
        phone: '+31.1234',
      },
    });
    const res = await call(t, { url: '/services/registrar', as: { username: 'tech@gamma', roles: ['TECH'] } });
    expect(res.json<{ data: { registrar: { mainContact: unknown } } }>().data.registrar.mainContact).toEqual({
      name: 'M',
      organization: 'O',
      address: { street: 'S', postalCode: 'P', city: 'C', countryCode: 'NL' },
      email: 'm@gamma.example',
      phone: '+31.1234',
    });
  });
});

describe('GET /services/registrar/thresholds/protectedTransactions', () => {
  const url = '/services/registrar/thresholds/protectedTransactions';

  it.each(panelRoles)('answers the counter, threshold, end date and reached flag to %s', async (role) => {
    const res = await call(t, { url, as: { username: 'x@alpha', roles: [role] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { protectedTransactions: { threshold: 10, transactionsInPeriod: 10, endDate: '2026-12-01T00:00:00.000Z', isThresholdReached: true } },
      messages: [],
    });
  });

  it('is not reached below the threshold, nor ever with a threshold of 0', async () => {
    await t.database.db.update(registrars).set({ protectedTxCount: 9 }).where(eq(registrars.handle, 'alpha'));
    const below = await call(t, { url, as: { username: 'x@alpha', roles: ['TECH'] } });
    expect(below.json()).toMatchObject({ data: { protectedTransactions: { transactionsInPeriod: 9, isThresholdReached: false } } });
    const zero = await call(t, { url, as: { username: 'x@beta', roles: ['TECH'] } });
    expect(zero.json()).toEqual({
      data: { protectedTransactions: { threshold: 0, transactionsInPeriod: 0, endDate: null, isThresholdReached: false } },
      messages: [],
    });
  });

  it('answers 401 without a token, 403 without a role, 404 for an unknown registrar', async () => {
    expect((await call(t, { url })).statusCode).toBe(401);
    expect((await call(t, { url, as: { username: 'x@alpha', roles: [] } })).statusCode).toBe(403);
    expect((await call(t, { url, as: { username: 'x@ghost', roles: ['ADMIN'] } })).statusCode).toBe(404);
  });
});
