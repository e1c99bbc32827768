import { eq } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStatuses, messageTexts, registrarStatuses, signInStatuses, type PanelRole, type RegistrarStatus } from '@registrar-panel/contract';
import { auditEvents, registrars, users, userTokens } from '../../db/schema';
import { SignInDriver } from '../../identity/testing/sign-in-driver';
import { createActiveUser, testPassword } from '../../identity/testing/users';
import { currentTotpCode } from '../../identity/sign-in/totp';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createContact, createDomain } from '../registrations/registrations.test-support';
import { listIpAddresses } from '../epp/epp.repository';

/*
 * The registrar status policy (docs/decisions.md, "Registrar status: what it allows") through the
 * whole API on a real database: the status is changed in the database between requests, as the
 * registry's feed changes it, and the next request follows it.
 */

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  body?: unknown;
}
const label = (call: Call) => `${call.method} ${call.url}`;

let t: TestApp;
/** One token for every call: the status is not remembered with a token the API has verified before. */
let token: string;
const caller = { username: 'boss@alpha', roles: ['ADMIN', 'SUPPORT', 'TECH'] as PanelRole[] };

/** Everything a user of the registrar may read or download. */
const reads: Call[] = [
  { method: 'GET', url: '/services/registrar' },
  { method: 'GET', url: '/services/registrar/thresholds/protectedTransactions' },
  { method: 'GET', url: '/services/registrar/finance/billingLines?year=2024&month=3' },
  { method: 'GET', url: '/services/registrar/finance/billingLines/csv?year=2024&month=3' },
  { method: 'GET', url: '/services/registrar/alpha/report/domains/csv' },
  { method: 'GET', url: '/services/registrar/epp/ip' },
  { method: 'GET', url: '/services/registrar/epp/password/required' },
  { method: 'GET', url: '/services/domains/search?ulabel=alpha*' },
  { method: 'GET', url: '/services/domains/alpha-shop.be' },
  { method: 'GET', url: '/services/transfer/alpha-shop.be' },
  { method: 'GET', url: '/services/contacts/ALPHA-C1' },
  { method: 'GET', url: '/services/users' },
  { method: 'GET', url: '/services/users/target2@alpha/activity?size=5' },
  { method: 'GET', url: '/services/users/target2@alpha/loginAttempts?size=1' },
  { method: 'GET', url: '/services/config' },
  { method: 'GET', url: '/services/country' },
];

/** Every change of the portal; each round has users of its own to change, so that each round can succeed. */
function changes(round: number): Call[] {
  const address = { street: 'Main Street 1', postalCode: '1000', city: 'Brussels', countryCode: 'BE' };
  const eppPassword = [{ newPassword: 'Strong Pass 42!' }, { oldPassword: 'Strong Pass 42!', newPassword: 'Other Pass 43!x' }][round] ?? {
    newPassword: 'Third Pass 44!x',
  };
  return [
    {
      method: 'PUT',
      url: '/services/registrar',
      body: { organization: `Alpha ${round} BV`, email: 'info@alpha.example', phone: '+32.21234567', url: 'https://alpha.example', address },
    },
    {
      method: 'POST',
      url: '/services/registrar/whoisContact',
      body: { name: `Tech ${round}`, email: 'tech@alpha.example', phone: '+32.21234568', type: 'TECH' },
    },
    { method: 'PUT', url: '/services/registrar/epp/ip', body: { ipAddresses: [`192.0.2.${10 + round}`] } },
    { method: 'PUT', url: '/services/registrar/epp/password', body: eppPassword },
    {
      method: 'POST',
      url: '/services/users',
      body: { username: `created${round}`, name: 'Created Person', email: 'created@mail.example', roles: ['SUPPORT'] },
    },
    { method: 'POST', url: `/services/users/target${round}@alpha/activation` },
    { method: 'PUT', url: `/services/users/target${round}@alpha`, body: { name: `Target ${round}`, email: 'target@mail.example', roles: ['TECH'] } },
    { method: 'DELETE', url: `/services/users/target${round}@alpha/totp` },
    { method: 'DELETE', url: `/services/users/doomed${round}@alpha` },
  ];
}

/** The caller's own password reset: a change of their own sign-in, not of the registrar's data. */
const ownPasswordReset: Call = { method: 'DELETE', url: '/services/me/password' };

function send(request: Call) {
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: { authorization: `Bearer ${token}` },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
}

/** As the feed changes it; the next request is the first after this instance was told (the NOTIFY's trip). */
async function setStatus(status: string) {
  await t.database.db.update(registrars).set({ status }).where(eq(registrars.handle, 'alpha'));
  await t.app.changeNotices.caughtUp();
}

/** What a change could have written: the registrar, its EPP list, its users and their links, the audit trail, queued mail. */
async function stored() {
  const { db } = t.database;
  return {
    registrar: await db.select().from(registrars).where(eq(registrars.handle, 'alpha')),
    ipAddresses: await listIpAddresses(db, 'alpha'),
    users: await db.select().from(users).where(eq(users.registrarHandle, 'alpha')).orderBy(users.username),
    userTokens: await db.select().from(userTokens).orderBy(userTokens.tokenHash),
    audit: await db.select().from(auditEvents).orderBy(auditEvents.id),
    mail: await t.queuedMail(),
  };
}

const refusal = (key: 'registrar.suspended' | 'registrar.accessBlocked') => ({
  data: null,
  messages: [{ messageKey: key, defaultMessage: messageTexts[key] }],
});

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  const add = (username: string, roles: PanelRole[]) =>
    t.app.userDirectory.createUser({ username, registrarHandle: 'alpha', name: username, email: `${username.replace('@', '.')}@mail.example`, roles });
  await add('boss@alpha', caller.roles);
  for (const round of [0, 1, 2]) {
    await add(`target${round}@alpha`, ['SUPPORT']);
    await add(`doomed${round}@alpha`, ['SUPPORT']);
  }
  await createContact(t.database.db, { handle: 'ALPHA-C1', registrarHandle: 'alpha' });
  await createDomain(t.database.db, { uLabel: 'alpha-shop.be', registrarHandle: 'alpha', registrantHandle: 'ALPHA-C1' });
  token = await t.tokenFor(caller);
});
afterAll(async () => t?.close());

describe('the policy', () => {
  it('lets INITIAL and ACTIVE sign in and change, SUSPENDED sign in and read, BLOCKED and DELETED nothing', () => {
    const allowed = (statuses: ReadonlySet<RegistrarStatus>) => registrarStatuses.filter((status) => statuses.has(status));
    expect(allowed(signInStatuses)).toEqual(['INITIAL', 'ACTIVE', 'SUSPENDED']);
    expect(allowed(changeStatuses)).toEqual(['INITIAL', 'ACTIVE']);
  });
});

describe('a SUSPENDED registrar', () => {
  it.each(changes(2).map((request) => [label(request), request] as const))(
    'refuses %s with 403 registrar.suspended and stores nothing',
    async (_label, request) => {
      await setStatus('SUSPENDED');
      const before = await stored();
      const res = await send(request);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refusal('registrar.suspended'));
      expect(await stored()).toEqual(before);
    },
  );

  it('still answers every read and download', async () => {
    await setStatus('SUSPENDED');
    for (const request of reads) {
      const res = await send(request);
      expect(res.statusCode, `${label(request)}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('still lets the user ask for their own password reset, which changes only their sign-in', async () => {
    await setStatus('SUSPENDED');
    expect((await send(ownPasswordReset)).statusCode).toBe(200);
  });
});

describe.each(['BLOCKED', 'DELETED', 'UNHEARD_OF'])('a %s registrar', (status) => {
  it('refuses every request with 403 registrar.accessBlocked and stores nothing', async () => {
    await setStatus(status);
    const before = await stored();
    for (const request of [...reads, ...changes(2), ownPasswordReset]) {
      const res = await send(request);
      expect(res.statusCode, label(request)).toBe(403);
      expect(res.json(), label(request)).toEqual(refusal('registrar.accessBlocked'));
    }
    expect(await stored()).toEqual(before);
  });
});

describe.each([
  ['INITIAL', 0],
  ['ACTIVE', 1],
] as const)('an %s registrar', (status, round) => {
  it('accepts every change, and the change is stored', async () => {
    await setStatus(status);
    for (const request of changes(round)) {
      const before = await stored();
      const res = await send(request);
      expect(res.statusCode, `${label(request)}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      expect(await stored(), label(request)).not.toEqual(before);
    }
  });

  it('answers every read', async () => {
    await setStatus(status);
    for (const request of reads) expect((await send(request)).statusCode, label(request)).toBe(200);
  });
});

describe('a change of status', () => {
  it('takes effect at the very next request of the same token', async () => {
    const save = (last: number): Call => ({ method: 'PUT', url: '/services/registrar/epp/ip', body: { ipAddresses: [`198.51.100.${last}`] } });
    const read: Call = { method: 'GET', url: '/services/registrar/epp/ip' };
    await setStatus('ACTIVE');
    expect((await send(save(1))).statusCode).toBe(200);
    await setStatus('SUSPENDED');
    expect((await send(save(2))).json()).toEqual(refusal('registrar.suspended'));
    expect((await send(read)).json()).toEqual({ data: { ipAddresses: ['198.51.100.1'] }, messages: [] });
    await setStatus('BLOCKED');
    expect((await send(read)).json()).toEqual(refusal('registrar.accessBlocked'));
    await setStatus('INITIAL');
    expect((await send(save(3))).statusCode).toBe(200);
    expect((await send(read)).json()).toEqual({ data: { ipAddresses: ['198.51.100.3'] }, messages: [] });
  });

  it('reads no registrar status per request: the status comes from memory, told of changes', async () => {
    await setStatus('ACTIVE');
    const { secret } = await createActiveUser(t.database.db, t.config, { username: 'una@alpha' });
    const browser = new SignInDriver(t.app, t.config, '198.51.100.41');
    await browser.start();
    await browser.submit({ username: 'una@alpha', password: testPassword });
    const tokens = await browser.exchange(await browser.submit({ code: await currentTotpCode(secret ?? '') }));
    const read = () => t.app.inject({ method: 'GET', url: '/services/registrar', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await read()).statusCode).toBe(200);
    // The statements of the second read, as each connection checked out for it sends them.
    const sent: string[] = [];
    const watched = new WeakSet<PoolClient>();
    const watch = (client: PoolClient) => {
      if (watched.has(client)) return;
      watched.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const [config] = args;
        if (watching) sent.push(typeof config === 'string' ? config : String((config as { text?: string }).text));
        return query(...args);
      }) as typeof client.query;
    };
    let watching = true;
    t.database.pool.on('acquire', watch);
    try {
      expect((await read()).statusCode).toBe(200);
    } finally {
      watching = false;
      t.database.pool.off('acquire', watch);
    }
    // The route's own read alone: the registrar's status and the open session come from memory.
    expect(sent).toHaveLength(1);
    expect(sent.filter((text) => /from "account_sessions"|^select "status" from "registrars"/.test(text))).toEqual([]);
  });

  it('ends a signed-in session at its next request once the registry blocks the registrar', async () => {
    await setStatus('ACTIVE');
    const { secret } = await createActiveUser(t.database.db, t.config, { username: 'sam@alpha' });
    const browser = new SignInDriver(t.app, t.config, '198.51.100.40');
    await browser.start();
    await browser.submit({ username: 'sam@alpha', password: testPassword });
    const tokens = await browser.exchange(await browser.submit({ code: await currentTotpCode(secret ?? '') }));
    const read = () => t.app.inject({ method: 'GET', url: '/services/registrar', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await read()).statusCode).toBe(200);
    await setStatus('DELETED');
    const refused = await read();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(refusal('registrar.accessBlocked'));
    await setStatus('ACTIVE');
  });
});
