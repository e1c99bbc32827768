import { brusselsDay, capabilities, panelRoles, type Capability, type PanelRole } from '@registrar-panel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact, createDomain } from '../modules/registrations/registrations.test-support';
import { createRegistrar } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * The role table of docs/authorization.md, every cell: each endpoint is called with a
 * token of each role; a 'no' cell must answer 403, a 'yes' cell must not be refused. Then every
 * endpoint without a token (401) and with another registrar's identifiers (never its data).
 */

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  /** The body, or the body a role sends (when a change depends on the one before). */
  body?: unknown;
  bodyFor?: (role: PanelRole) => unknown;
}

const yes = true;
const no = false;

/** The table, as docs/authorization.md writes it: SUPPORT, TECH, FINANCE, ADMIN. */
const roleTable: { row: string; capability: Capability; cells: [boolean, boolean, boolean, boolean]; calls: Call[] }[] = [
  {
    row: 'registrar data, public profile, transactions (read)',
    capability: 'readRegistrar',
    cells: [yes, yes, yes, yes],
    calls: [
      { method: 'GET', url: '/services/registrar' },
      { method: 'GET', url: '/services/registrar/thresholds/protectedTransactions' },
    ],
  },
  {
    row: 'change public profile and WHOIS contacts',
    capability: 'editContacts',
    cells: [yes, yes, no, yes],
    calls: [
      {
        method: 'PUT',
        url: '/services/registrar',
        body: {
          organization: 'Alpha BV',
          email: 'info@alpha.example',
          phone: '+32.21234567',
          url: 'https://alpha.example',
          address: { street: 'Main Street 1', postalCode: '1000', city: 'Brussels', countryCode: 'BE' },
        },
      },
      {
        method: 'POST',
        url: '/services/registrar/whoisContact',
        body: { name: 'Tech Person', email: 'tech@alpha.example', phone: '+32.21234568', type: 'TECH' },
      },
    ],
  },
  {
    row: 'billing lines and billing CSV',
    capability: 'readBilling',
    cells: [yes, no, yes, yes],
    calls: [
      { method: 'GET', url: '/services/registrar/finance/billingLines?year=2024&month=3' },
      { method: 'GET', url: '/services/registrar/finance/billingLines/csv?year=2024&month=3' },
    ],
  },
  {
    row: 'domain-list report',
    capability: 'downloadDomainReport',
    cells: [yes, yes, no, no],
    calls: [{ method: 'GET', url: '/services/registrar/alpha/report/domains/csv' }],
  },
  {
    row: 'EPP IP list and EPP password',
    capability: 'manageEpp',
    cells: [no, yes, no, yes],
    calls: [
      { method: 'GET', url: '/services/registrar/epp/ip' },
      { method: 'PUT', url: '/services/registrar/epp/ip', body: { ipAddresses: ['192.0.2.10'] } },
      { method: 'GET', url: '/services/registrar/epp/password/required' },
      { method: 'GET', url: '/services/registrar/epp/password/life' },
      { method: 'GET', url: '/services/registrar/epp/connections' },
      {
        method: 'PUT',
        url: '/services/registrar/epp/password',
        // TECH sets the first password; ADMIN, after it, has to give it as the current one.
        bodyFor: (role) => (role === 'ADMIN' ? { oldPassword: 'Strong Pass 42!', newPassword: 'Other Pass 43!x' } : { newPassword: 'Strong Pass 42!' }),
      },
    ],
  },
  {
    row: 'registrations and contacts',
    capability: 'readRegistrations',
    cells: [yes, yes, no, yes],
    calls: [
      { method: 'GET', url: '/services/domains/search?ulabel=alpha*' },
      { method: 'GET', url: '/services/domains/alpha-shop.be' },
      { method: 'GET', url: '/services/transfer/alpha-shop.be' },
      { method: 'GET', url: '/services/contacts/ALPHA-C1' },
    ],
  },
  {
    row: 'user management',
    capability: 'manageUsers',
    cells: [no, no, no, yes],
    calls: [
      { method: 'GET', url: '/services/users' },
      { method: 'POST', url: '/services/users', body: { username: 'created', name: 'Created Person', email: 'created@mail.example', roles: ['SUPPORT'] } },
      { method: 'PUT', url: '/services/users/target@alpha', body: { name: 'Target Person', email: 'target@mail.example', roles: ['TECH'] } },
      { method: 'GET', url: '/services/users/target@alpha/activity?size=5' },
      { method: 'GET', url: '/services/users/target@alpha/loginAttempts?size=1' },
      { method: 'DELETE', url: '/services/users/target@alpha/totp' },
      { method: 'DELETE', url: '/services/users/doomed@alpha' },
    ],
  },
  {
    row: 'API keys',
    capability: 'manageApiKeys',
    cells: [no, no, no, yes],
    calls: [
      { method: 'GET', url: '/services/apiKeys' },
      { method: 'POST', url: '/services/apiKeys', body: { name: 'Role table key', scopes: ['registrations'], expiresOn: brusselsDay(), allowedAddresses: [] } },
    ],
  },
  {
    row: "language of the registrar's contact mails",
    capability: 'setRegistrarLanguage',
    cells: [no, no, no, yes],
    calls: [{ method: 'PUT', url: '/services/registrar/language', body: { language: 'nl' } }],
  },
  {
    row: 'EPP password reset link',
    capability: 'resetEppPassword',
    cells: [no, no, no, yes],
    // Using a link needs the token a mail carries: modules/epp/epp-password-reset.test.ts holds its check and use to every role.
    calls: [{ method: 'POST', url: '/services/registrar/epp/password/resetLink' }],
  },
  {
    row: 'event stream',
    capability: 'readEvents',
    cells: [yes, no, no, yes],
    calls: [{ method: 'GET', url: '/services/events?after=0' }],
  },
  {
    row: "the registry's messages (announcements only without readRegistrations)",
    capability: 'readMessages',
    cells: [yes, yes, yes, yes],
    calls: [
      { method: 'GET', url: '/services/messages' },
      { method: 'GET', url: '/services/messages/unread' },
      { method: 'POST', url: '/services/messages/read' },
    ],
  },
  {
    row: 'webhook endpoints',
    capability: 'manageWebhooks',
    cells: [no, no, no, yes],
    calls: [
      { method: 'GET', url: '/services/webhooks' },
      { method: 'POST', url: '/services/webhooks', body: { url: 'http://127.0.0.1:9/role-table', eventKinds: ['user.create'] } },
    ],
  },
  {
    row: 'registrar history and its CSV',
    capability: 'readHistory',
    cells: [yes, no, no, yes],
    calls: [
      { method: 'GET', url: '/services/registrar/history?kind=contacts' },
      { method: 'GET', url: '/services/registrar/history/csv?user=target' },
    ],
  },
  {
    row: "who looked at personal data: the history's personalData kind and its CSV",
    capability: 'readPersonalDataLog',
    cells: [no, no, no, yes],
    calls: [
      { method: 'GET', url: '/services/registrar/history?kind=personalData' },
      { method: 'GET', url: '/services/registrar/history/csv?kind=personalData' },
    ],
  },
];

/** What every signed-in user may do, whatever the role. */
const everyone: Call[] = [
  { method: 'GET', url: '/services/config' },
  { method: 'GET', url: '/services/country' },
  { method: 'DELETE', url: '/services/me/password' },
  { method: 'PUT', url: '/services/me/language', body: { language: 'fr' } },
];

let t: TestApp;
const tokens = new Map<string, string>();
const roleUser = (role: PanelRole, handle = 'alpha') => `${role.toLowerCase()}@${handle}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const handle of ['alpha', 'beta']) {
    await createRegistrar(t.database.db, { handle });
    for (const role of panelRoles) {
      await t.app.userDirectory.createUser({
        username: roleUser(role, handle),
        registrarHandle: handle,
        name: `${role} Person`,
        email: `${role}@${handle}.example`,
        roles: [role],
      });
      tokens.set(roleUser(role, handle), await t.tokenFor({ username: roleUser(role, handle), roles: [role] }));
    }
  }
  for (const username of ['target@alpha', 'doomed@alpha']) {
    await t.app.userDirectory.createUser({
      username,
      registrarHandle: 'alpha',
      name: username,
      email: `${username.replace('@', '.')}@mail.example`,
      roles: ['SUPPORT'],
    });
  }
  await createContact(t.database.db, { handle: 'ALPHA-C1', registrarHandle: 'alpha' });
  await createDomain(t.database.db, {
    uLabel: 'alpha-shop.be',
    registrarHandle: 'alpha',
    registrantHandle: 'ALPHA-C1',
    transfers: [{ status: 'clientApproved', requestedAt: new Date('2024-01-02T10:00:00Z') }],
  });
});
afterAll(async () => t.close());

function call(request: Call, token?: string, role: PanelRole = 'SUPPORT') {
  const body = request.bodyFor ? request.bodyFor(role) : request.body;
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe('the role table', () => {
  it('is the table the contract enforces', () => {
    for (const { capability, cells } of roleTable) {
      expect([...capabilities[capability]].sort(), capability).toEqual(panelRoles.filter((_role, i) => cells[i]).sort());
    }
    expect(roleTable.map((row) => row.capability).sort()).toEqual(Object.keys(capabilities).sort());
  });

  for (const { row, cells, calls } of roleTable) {
    describe(row, () => {
      panelRoles.forEach((role, column) => {
        it(`${cells[column] ? 'allows' : 'refuses'} ${role}`, async () => {
          for (const request of calls) {
            const res = await call(request, tokens.get(roleUser(role)), role);
            const what = `${request.method} ${request.url} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`;
            if (cells[column]) {
              expect(res.statusCode, what).toBeLessThan(400);
            } else {
              expect(res.statusCode, what).toBe(403);
              expect(res.json(), what).toMatchObject({ data: null, messages: [{ messageKey: 'error.forbidden' }] });
            }
          }
        });
      });
    });
  }

  it('lets every role use configuration, countries and its own password reset', async () => {
    for (const role of panelRoles) {
      for (const request of everyone) {
        const res = await call(request, tokens.get(roleUser(role)));
        expect(res.statusCode, `${request.method} ${request.url} as ${role}`).toBe(200);
      }
    }
  });
});

describe('every endpoint', () => {
  const allCalls = [...roleTable.flatMap((row) => row.calls), ...everyone];

  it('answers 401 in the envelope without a token', async () => {
    for (const request of allCalls) {
      const res = await call(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(res.json()).toMatchObject({ data: null, messages: [{ messageKey: 'error.unauthorized' }] });
    }
  });

  it("never gives another registrar's data to a token of registrar beta, whatever its role", async () => {
    const named = allCalls.filter((request) => request.method === 'GET' && /alpha/i.test(request.url) && !request.url.includes('search'));
    expect(named.length).toBeGreaterThanOrEqual(6);
    for (const role of panelRoles) {
      for (const request of named) {
        const res = await call(request, tokens.get(roleUser(role, 'beta')));
        expect([403, 404], `${request.method} ${request.url} as ${role}@beta: ${res.statusCode}`).toContain(res.statusCode);
      }
    }
    const own = await call({ method: 'GET', url: '/services/registrar' }, tokens.get('support@beta'));
    expect(own.json<{ data: { registrar: { handle: string } } }>().data.registrar.handle).toBe('beta');
    const search = await call({ method: 'GET', url: '/services/domains/search?ulabel=alpha*' }, tokens.get('support@beta'));
    expect(search.json<{ data: { totalResults: number } }>().data.totalResults).toBe(0);
  });
});
