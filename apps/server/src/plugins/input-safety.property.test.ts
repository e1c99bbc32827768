import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eppIpAddresses, registrars, users } from '../db/schema';
import { SignInDriver } from '../identity/testing/sign-in-driver';
import { createActiveUser, testPassword } from '../identity/testing/users';
import { loadRateLimits, type RateLimits } from '../lib/rate-limit-policy';
import { createRegistrar } from '../test/factories';
import { hostileComponent, hostileForm, hostileJson } from '../test/hostile-input';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Property: whatever a client sends to a write endpoint of the API or to the identity service, the
 * answer is never a 5xx, and a refused request (4xx) leaves the registrar, its EPP allow-list and its
 * users exactly as they were. A fixed seed keeps runs reproducible; change it to explore further.
 */

const seed = 20261124;
const runs = (numRuns: number) => ({ numRuns, seed, endOnFailure: true });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Attempt {
  method: Method;
  url: string;
  contentType?: string;
  body?: string;
  /** The browser whose cookies go along (identity pages). */
  browser?: SignInDriver;
}

let t: TestApp;
let stored = '';
const issuerPath = '/auth/realms/registrar-panel';
const oidc = (name: string) => `${issuerPath}/protocol/openid-connect/${name}`;
const json = 'application/json';
const form = 'application/x-www-form-urlencoded';

/** What a refused request must not change. */
async function snapshot(): Promise<string> {
  const db = t.database.db;
  const [registrarRows, userRows, ipRows] = await Promise.all([
    db.select().from(registrars).orderBy(registrars.handle),
    db.select().from(users).orderBy(users.username),
    db.select().from(eppIpAddresses).orderBy(eppIpAddresses.registrarHandle, eppIpAddresses.position),
  ]);
  return JSON.stringify({ registrarRows, userRows, ipRows });
}

/** Sends one attempt and checks the property; returns the answer for the caller's own checks. */
async function attempt(a: Attempt, as?: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: 'portal.test' };
  if (as) headers.authorization = `Bearer ${await t.tokenFor({ username: as, roles: ['ADMIN'] })}`;
  if (a.contentType) headers['content-type'] = a.contentType;
  if (a.browser) headers.cookie = a.browser.jar.headerFor(a.url.split('?')[0] ?? '');
  const res = await t.app.inject({ method: a.method, url: a.url, headers, ...(a.body === undefined ? {} : { payload: a.body }) });
  const label = `${a.method} ${a.url.slice(0, 200)} ${JSON.stringify(a.body?.slice(0, 200))} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode >= 400) expect(await snapshot(), `refused but changed: ${label}`).toBe(stored);
  // An accepted request may change what is stored: compare the next refusal with the new state.
  else stored = await snapshot();
  return res;
}

const noLimits = Object.fromEntries(Object.keys(loadRateLimits({})).map((name) => [name, null])) as RateLimits;

beforeAll(async () => {
  // Hundreds of requests from one address: the property is about input, not about the request limits.
  t = await createTestApp({ rateLimits: noLimits });
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createActiveUser(t.database.db, t.config, { username: 'admin@alpha', roles: ['ADMIN'] });
  await createActiveUser(t.database.db, t.config, { username: 'bob@alpha', roles: ['TECH'] });
  await createActiveUser(t.database.db, t.config, { username: 'carl@alpha', roles: ['SUPPORT'] });
  await createActiveUser(t.database.db, t.config, { username: 'dora@alpha', roles: ['SUPPORT'], totp: false });
  stored = await snapshot();
}, 60_000);
afterAll(async () => t?.close());

describe('the API', () => {
  const writes: [Method, string, Record<string, unknown>][] = [
    [
      'PUT',
      '/services/registrar',
      {
        organization: 'Alpha BV',
        email: 'info@alpha.example',
        phone: '+32.21234567',
        url: 'https://alpha.example',
        address: { street: 'Main Street 1', street2: '', postalCode: '1000', city: 'Brussels', countryCode: 'BE' },
      },
    ],
    ['POST', '/services/registrar/whoisContact', { type: 'TECH', name: 'Tech Person', email: 'tech@alpha.example', phone: '+32.21234568' }],
    ['PUT', '/services/registrar/epp/ip', { ipAddresses: ['192.0.2.10', '2001:db8::1'] }],
    ['PUT', '/services/registrar/epp/password', { oldPassword: 'Old password 1!', newPassword: 'A new EPP password 1!' }],
    ['POST', '/services/users', { username: 'newbie', name: 'New Bie', email: 'newbie@mail.example', roles: ['TECH'] }],
    ['PUT', '/services/users/bob@alpha', { name: 'Bob Builder', email: 'bob@mail.example', roles: ['TECH'] }],
  ];

  it('answers generated JSON bodies without a 5xx, and a refusal changes nothing', async () => {
    const body = fc.oneof(
      ...writes.map(([method, url, example]) => hostileJson(example).map((text): Attempt => ({ method, url, contentType: json, body: text }))),
    );
    await fc.assert(
      fc.asyncProperty(body, async (a) => void (await attempt(a, 'admin@alpha'))),
      runs(150),
    );
  });

  it('answers generated path parameters and query strings likewise', async () => {
    const userPaths: [Method, string][] = [
      ['PUT', ''],
      ['DELETE', ''],
      ['DELETE', '/totp'],
      ['GET', '/activity'],
      ['GET', '/loginAttempts'],
    ];
    const byUser = fc.tuple(fc.constantFrom(...userPaths), hostileComponent, hostileComponent).map(([[method, rest], name, query]): Attempt => ({
      method,
      url: `/services/users/${name}@alpha${rest}?page=${query}`,
      ...(method === 'PUT' ? { contentType: json, body: JSON.stringify({ name: 'X', email: 'x@mail.example', roles: [] }) } : {}),
    }));
    const reads = fc
      .tuple(fc.constantFrom('/services/domains/', '/services/transfer/', '/services/contacts/', '/services/registrar/'), hostileComponent)
      .map(([prefix, name]): Attempt => ({ method: 'GET', url: prefix.endsWith('registrar/') ? `${prefix}${name}/report/domains/csv` : `${prefix}${name}` }));
    const queries = fc
      .tuple(
        fc.constantFrom('/services/domains/search', '/services/registrar/finance/billingLines', '/services/me/password'),
        hostileForm(['ulabel', 'page', 'size', 'year', 'month']),
      )
      .map(([url, query]): Attempt => ({ method: url.endsWith('password') ? 'DELETE' : 'GET', url: `${url}?${query}` }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(byUser, reads, queries), async (a) => void (await attempt(a, 'admin@alpha'))),
      runs(150),
    );
  });
});

describe('the identity service', () => {
  /** A browser standing at a step of the sign-in: the password page, or past it at the code or the enrolment. */
  async function browserAt(username?: string): Promise<SignInDriver> {
    const browser = new SignInDriver(t.app, t.config);
    await browser.start();
    if (username) await browser.submit({ username, password: testPassword });
    return browser;
  }

  it('answers generated sign-in form posts without a 5xx, and a refusal changes nothing', async () => {
    const atPassword = await browserAt();
    const atCode = await browserAt('carl@alpha');
    const atEnrolment = await browserAt('dora@alpha');
    const steps: [SignInDriver, string[]][] = [
      [atPassword, ['username', 'password']],
      [atCode, ['code']],
      [atEnrolment, ['code']],
    ];
    const post = fc
      .constantFrom(...steps)
      .chain(([browser, fields]) =>
        hostileForm(fields).map((body): Attempt => ({ method: 'POST', url: browser.formAction(), contentType: form, browser, body })),
      );
    await fc.assert(
      fc.asyncProperty(post, async (a) => void (await attempt(a))),
      runs(60),
    );
  });

  it('answers generated activation/reset links and forms likewise', async () => {
    const path = `${issuerPath}/login-actions/action-token`;
    const link = hostileComponent.map((key): Attempt => ({ method: 'GET', url: `${path}?key=${key}` }));
    const post = hostileForm(['key', 'password', 'confirmation']).map((body): Attempt => ({ method: 'POST', url: path, contentType: form, body }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(link, post), async (a) => void (await attempt(a))),
      runs(100),
    );
  });

  it("answers generated requests to the provider's endpoints likewise", async () => {
    const bodies: [string, string[]][] = [
      [oidc('token'), ['grant_type', 'code', 'refresh_token', 'client_id', 'redirect_uri', 'code_verifier', 'scope', 'resource']],
      [oidc('revoke'), ['token', 'token_type_hint', 'client_id']],
      [oidc('logout'), ['id_token_hint', 'post_logout_redirect_uri', 'client_id', 'state', 'xsrf', 'logout']],
      [oidc('userinfo'), ['access_token']],
    ];
    const posts = fc.tuple(fc.constantFrom(...bodies), fc.constantFrom(form, form, json)).chain(([[url, fields], contentType]) =>
      (contentType === json ? hostileJson(Object.fromEntries(fields.map((field) => [field, 'x']))) : hostileForm(fields)).map((body): Attempt => ({
        method: 'POST',
        url,
        contentType,
        body,
      })),
    );
    const gets = fc
      .tuple(
        fc.constantFrom(oidc('auth'), oidc('logout'), `${issuerPath}/login-actions/`),
        hostileForm(['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'id_token_hint']),
      )
      .map(([url, query]): Attempt => ({ method: 'GET', url: url.endsWith('/') ? `${url}${query}` : `${url}?${query}` }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(posts, gets), async (a) => void (await attempt(a))),
      runs(150),
    );
  });
});
