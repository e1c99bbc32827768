import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createContact, createDomain, get, notFoundBody } from './registrations.test-support';

let t: TestApp;
const alpha = { username: 'tech@alpha', roles: ['TECH' as const] };

beforeAll(async () => {
  t = await createTestApp({ tld: 'be' });
  const db = t.database.db;
  await createRegistrar(db, { handle: 'alpha' });
  await createRegistrar(db, { handle: 'beta' });
  await createContact(db, { handle: 'c100', registrarHandle: 'alpha' });
  await createContact(db, { handle: 'c101', registrarHandle: 'alpha' });
  await createContact(db, { handle: 'c102', registrarHandle: 'alpha', name: null, email: 'anonymous@registrant.example' });
  await createContact(db, { handle: 'c200', registrarHandle: 'beta' });
  await createDomain(db, {
    uLabel: 'café-lumière.be',
    aLabel: 'xn--caf-lumire-66ag.be',
    registrarHandle: 'alpha',
    registrantHandle: 'c100',
    createdAt: new Date('2020-02-03T10:00:00Z'),
    updatedAt: new Date('2025-06-07T11:30:00Z'),
    expiresAt: new Date('2026-02-03T10:00:00Z'),
    deletedAt: new Date('2025-12-01T09:00:00Z'),
    expectedAvailableAt: new Date('2026-01-05T09:00:00Z'),
    stateExpiresAt: new Date('2025-12-31T09:00:00Z'),
    transferredAt: new Date('2023-04-05T06:07:08Z'),
    rgpStatus: 'REDEMPTION_PERIOD',
    statuses: [{ status: 'redemption' }, { status: 'serverTransferProhibited', reason: 'DOMAINGUARD protection' }],
    contacts: [
      { role: 'TECH', handle: 'c101' },
      { role: 'ADMIN', handle: 'c101' },
    ],
    nameservers: [
      { name: 'ns1.xn--caf-lumire-66ag.be', nameUnicode: 'ns1.café-lumière.be', ipAddresses: ['192.0.2.10', '2001:db8::10'] },
      { name: 'ns.hosting.example' },
    ],
    delegationSigners: [
      { keyTag: 12345, algorithm: 13, digestType: 2, digest: 'A'.repeat(64) },
      { keyTag: 12345, algorithm: 13, digestType: 4, digest: 'B'.repeat(96) },
    ],
    transfers: [
      { status: 'SERVER_APPROVED', requestedAt: new Date('2023-04-01T00:00:00Z'), actedAt: new Date('2023-04-05T06:07:08Z') },
      { status: 'PENDING', requestedAt: new Date('2025-11-01T00:00:00Z') },
    ],
  });
  await createDomain(db, { uLabel: 'plain.be', registrarHandle: 'alpha', registrantHandle: 'c100', statuses: [] });
  await createDomain(db, { uLabel: 'nameless-registrant.be', registrarHandle: 'alpha', registrantHandle: 'c102' });
  await createDomain(db, { uLabel: 'no-registrant.be', registrarHandle: 'alpha', registrantHandle: null });
  await createDomain(db, {
    uLabel: 'secret-of-beta.be',
    registrarHandle: 'beta',
    registrantHandle: 'c200',
    transfers: [{ status: 'PENDING', requestedAt: new Date('2025-11-01T00:00:00Z') }],
  });
});
afterAll(async () => t.close());

const expectedDomain = {
  uLabel: 'café-lumière.be',
  aLabel: 'xn--caf-lumire-66ag.be',
  created: '2020-02-03T10:00:00.000Z',
  updated: '2025-06-07T11:30:00.000Z',
  expired: '2026-02-03T10:00:00.000Z',
  expectedAvailableDate: '2026-01-05T09:00:00.000Z',
  deletionDate: '2025-12-01T09:00:00.000Z',
  transferred: '2023-04-05T06:07:08.000Z',
  stateExpirationDate: '2025-12-31T09:00:00.000Z',
  rgpStatus: 'REDEMPTION_PERIOD',
  statuses: [
    { status: 'redemption', reason: null },
    { status: 'serverTransferProhibited', reason: 'DOMAINGUARD protection' },
  ],
  registrant: 'c100',
  registrantSummary: { handle: 'c100', name: 'Jan Peeters', email: 'jan@bakkerij-peeters.example' },
  contacts: [
    { role: 'REGISTRANT', handle: 'c100' },
    { role: 'ADMIN', handle: 'c101' },
    { role: 'TECH', handle: 'c101' },
  ],
  nameservers: [
    { name: 'ns1.xn--caf-lumire-66ag.be', name_unicode: 'ns1.café-lumière.be', ipAddresses: [{ ip: '192.0.2.10' }, { ip: '2001:db8::10' }] },
    { name: 'ns.hosting.example', name_unicode: 'ns.hosting.example', ipAddresses: [] },
  ],
  delegationSigners: [
    {
      keyTag: 12345,
      algorithm: { id: 13, description: 'ECDSA Curve P-256 with SHA-256' },
      digestType: { id: 2, description: 'SHA-256' },
      digest: 'A'.repeat(64),
    },
    {
      keyTag: 12345,
      algorithm: { id: 13, description: 'ECDSA Curve P-256 with SHA-256' },
      digestType: { id: 4, description: 'SHA-384' },
      digest: 'B'.repeat(96),
    },
  ],
};

describe('GET /services/domains/{domainName}', () => {
  it.each([encodeURIComponent('café-lumière.be'), 'xn--caf-lumire-66ag.be', encodeURIComponent('CAFÉ-LUMIÈRE.BE'), encodeURIComponent('café-lumière')])(
    'answers the whole registration for %s',
    async (name) => {
      const res = await get(t, `/services/domains/${name}`, alpha);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { domain: expectedDomain }, messages: [] });
    },
  );

  it('answers empty lists for a registration without statuses, contacts, name servers or keys', async () => {
    const res = await get(t, '/services/domains/plain.be', alpha);
    expect(res.json()).toMatchObject({
      data: { domain: { statuses: [], contacts: [{ role: 'REGISTRANT', handle: 'c100' }], nameservers: [], delegationSigners: [] } },
    });
  });

  it("answers the registrant's name and email beside its handle, null where the contact has none, and no summary without a registrant", async () => {
    const nameless = await get(t, '/services/domains/nameless-registrant.be', alpha);
    expect(nameless.json()).toMatchObject({
      data: { domain: { registrant: 'c102', registrantSummary: { handle: 'c102', name: null, email: 'anonymous@registrant.example' } } },
    });
    const none = await get(t, '/services/domains/no-registrant.be', alpha);
    expect(none.json()).toMatchObject({ data: { domain: { registrant: null, registrantSummary: null, contacts: [] } } });
  });

  it.each(['secret-of-beta.be', 'missing.be', 'not%20a%20name', encodeURIComponent('a'.repeat(300))])(
    'answers %s with 404, another registrar’s alike',
    async (name) => {
      const res = await get(t, `/services/domains/${name}`, alpha);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFoundBody);
    },
  );

  it('needs a token and a role that may read registrations', async () => {
    expect((await get(t, '/services/domains/plain.be')).statusCode).toBe(401);
    expect((await get(t, '/services/domains/plain.be', { username: 'finance@alpha', roles: ['FINANCE'] })).statusCode).toBe(403);
  });
});

describe('GET /services/transfer/{domainName}', () => {
  it('answers the latest transfer', async () => {
    const res = await get(t, `/services/transfer/${encodeURIComponent('café-lumière.be')}`, alpha);
    expect(res.json()).toEqual({ data: { transfer: { status: 'PENDING', requestedAt: '2025-11-01T00:00:00.000Z', actedAt: null } }, messages: [] });
  });

  it('answers no.transfer.history for a registration that never moved', async () => {
    const res = await get(t, '/services/transfer/plain.be', alpha);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { transfer: null },
      messages: [{ messageKey: 'no.transfer.history', defaultMessage: 'There is no transfer history for this domain.' }],
    });
  });

  it('answers another registrar’s domain exactly like a missing one', async () => {
    const other = await get(t, '/services/transfer/secret-of-beta.be', alpha);
    const missing = await get(t, '/services/transfer/missing.be', alpha);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(notFoundBody);
    expect(missing.json()).toEqual(notFoundBody);
  });

  it('needs a token and a role that may read registrations', async () => {
    expect((await get(t, '/services/transfer/plain.be')).statusCode).toBe(401);
    expect((await get(t, '/services/transfer/plain.be', { username: 'finance@alpha', roles: ['FINANCE'] })).statusCode).toBe(403);
  });
});
