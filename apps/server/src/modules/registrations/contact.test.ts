import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createContact, createDomain, get, notFoundBody } from './registrations.test-support';

let t: TestApp;
const alpha = { username: 'support@alpha', roles: ['SUPPORT' as const] };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createRegistrar(db, { handle: 'alpha' });
  await createRegistrar(db, { handle: 'beta' });
  await createContact(db, {
    handle: 'c100',
    registrarHandle: 'alpha',
    name: 'Élodie Lefèvre',
    organization: null,
    email: 'elodie@xn--caf-dma.example',
    emailUnicode: 'elodie@café.example',
    street3: 'Résidence Les Tilleuls',
    countryCode: 'FR',
  });
  // Sponsored by beta, but on alpha's domains: as registrant, and as tech contact.
  await createContact(db, { handle: 'c200', registrarHandle: 'beta' });
  await createContact(db, { handle: 'c201', registrarHandle: 'beta' });
  await createContact(db, { handle: 'c202', registrarHandle: 'beta' });
  await createContact(db, { handle: 'c/odd handle', registrarHandle: 'alpha' });
  await createDomain(db, { uLabel: 'moved-in.be', registrarHandle: 'alpha', registrantHandle: 'c200', contacts: [{ role: 'TECH', handle: 'c201' }] });
  await createDomain(db, { uLabel: 'beta-only.be', registrarHandle: 'beta', registrantHandle: 'c202' });
});
afterAll(async () => t.close());

describe('GET /services/contacts/{handle}', () => {
  it('answers a contact the registrar sponsors, with its address', async () => {
    const res = await get(t, '/services/contacts/c100', alpha);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        contact: {
          handle: 'c100',
          roid: 'C100-REP',
          name: 'Élodie Lefèvre',
          organization: null,
          phone: '+32.91234567',
          fax: '+32.91234568',
          email: 'elodie@xn--caf-dma.example',
          email_unicode: 'elodie@café.example',
          address: {
            street: 'Veldstraat 12',
            street2: 'bus 3',
            street3: 'Résidence Les Tilleuls',
            postalCode: '9000',
            city: 'Gent',
            region: 'Oost-Vlaanderen',
            countryCode: 'FR',
          },
        },
      },
      messages: [],
    });
  });

  it.each(['c200', 'c201'])('answers %s, another registrar’s contact on one of its domains', async (handle) => {
    const res = await get(t, `/services/contacts/${handle}`, alpha);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { contact: { handle } } });
  });

  it('finds a handle with characters that need URL encoding', async () => {
    const res = await get(t, `/services/contacts/${encodeURIComponent('c/odd handle')}`, alpha);
    expect(res.json()).toMatchObject({ data: { contact: { handle: 'c/odd handle' } } });
  });

  it.each(['c202', 'c999', encodeURIComponent(' ')])('answers %s with 404: another registrar’s unrelated contact and a missing one alike', async (handle) => {
    const res = await get(t, `/services/contacts/${handle}`, alpha);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFoundBody);
  });

  it('lets the other registrar see its own contact', async () => {
    expect((await get(t, '/services/contacts/c202', { username: 'tech@beta', roles: ['TECH'] })).statusCode).toBe(200);
  });

  it('needs a token and a role that may read registrations', async () => {
    expect((await get(t, '/services/contacts/c100')).statusCode).toBe(401);
    expect((await get(t, '/services/contacts/c100', { username: 'finance@alpha', roles: ['FINANCE'] })).statusCode).toBe(403);
  });
});
