import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { createActiveUser } from '../identity/testing/users';
import { SignInDriver } from '../identity/testing/sign-in-driver';
import { loadRateLimits } from '../lib/rate-limit-policy';
import { addUser } from '../modules/epp/epp.test-support';
import { createRegistrar } from '../test/factories';
import { call } from '../test/http';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Each limit as a user or an operator meets it: the allowed requests answer as before, the next
 * answers 429 with Retry-After (the envelope's error.tooManyRequests on the API, a readable page
 * on the sign-in pages). Concurrency is real: parallel fetches at a listening server. Every test
 * runs with the counters in this process and again in the local Redis (REDIS_URL or
 * 127.0.0.1:6379), a key prefix of its own per app.
 */
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const stores: [string, () => Partial<Config>][] = [
  ['in memory', () => ({ redisUrl: undefined })],
  ['in Redis', () => ({ redisUrl, redisKeyPrefix: `rp-test:${randomUUID()}:` })],
];

const apps: TestApp[] = [];
afterEach(async () => {
  const closing = apps.splice(0);
  // Proof that the Redis runs counted in Redis (a Redis failure would count in the process, unseen).
  for (const prefix of new Set(closing.map((t) => t.config.redisUrl === redisUrl && t.config.redisKeyPrefix))) {
    if (prefix) expect(await keysUnder(prefix), `keys under ${prefix}`).not.toHaveLength(0);
  }
  await Promise.all(closing.map((t) => t.close()));
});

async function keysUnder(prefix: string): Promise<string[]> {
  const redis = new Redis(redisUrl);
  try {
    return await redis.keys(`${prefix}*`);
  } finally {
    redis.disconnect();
  }
}

/** The whole app with the limits an operator would set through these variables. */
async function appWith(limits: Record<string, string>, store: Partial<Config>): Promise<TestApp> {
  const t = await createTestApp({ rateLimits: loadRateLimits(limits), ...store });
  apps.push(t);
  await createRegistrar(t.database.db, { handle: 'alpha' });
  return t;
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const alertOf = (page: string) => /role="alert" id="form-error">([^<]*)</.exec(page)?.[1];
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const retryAfter = (headers: Headers | Record<string, unknown>) => Number(headers instanceof Headers ? headers.get('retry-after') : headers['retry-after']);
const tooManyRequests = {
  data: null,
  messages: [{ messageKey: 'error.tooManyRequests', defaultMessage: 'Too many requests. Please wait a moment and try again.' }],
};

describe.each(stores)('rate limits, counted %s', (_name, store) => {
  it('limits sign-in starts per address (each keeps an interaction row for 30 minutes)', async () => {
    const t = await appWith({ RATE_LIMIT_SIGN_IN_START_PER_IP: '4/15m' }, store());
    const base = await listen(t);
    const params = new URLSearchParams({
      client_id: t.config.identity.clientId,
      redirect_uri: `${t.config.publicUrl}/`,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const starts = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${base}/auth/realms/registrar-panel/protocol/openid-connect/auth?${params.toString()}`, { redirect: 'manual' })),
    );
    const statuses = starts.map((r) => r.status);
    expect(count(statuses, 303)).toBe(4);
    expect(count(statuses, 429)).toBe(6);
    const refused = starts.find((r) => r.status === 429);
    expect(retryAfter(refused?.headers ?? {})).toBeGreaterThan(0);
    // The provider's router takes any letter case and a trailing slash: so does the limit.
    const otherwise = await fetch(`${base}/auth/realms/registrar-panel/PROTOCOL/OpenID-Connect/AUTH/?${params.toString()}`, { redirect: 'manual' });
    expect(otherwise.status).toBe(429);
  });

  it("limits the identity service's token, revocation, userinfo and logout requests per address, however the path is written", async () => {
    const t = await appWith({ RATE_LIMIT_IDENTITY_TOKEN_PER_IP: '8/1m' }, store());
    const base = await listen(t);
    const oidc = `${base}/auth/realms/registrar-panel/protocol/openid-connect`;
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: t.config.identity.clientId, ...fields }),
    });
    const kinds = [
      () => fetch(`${oidc}/token`, form({ grant_type: 'refresh_token', refresh_token: 'stolen-or-made-up' })),
      () => fetch(`${oidc}/revoke`, form({ token: 'stolen-or-made-up', token_type_hint: 'refresh_token' })),
      () => fetch(`${oidc}/userinfo`, { headers: { authorization: 'Bearer made.up.token' } }),
      () => fetch(`${oidc}/logout?client_id=${t.config.identity.clientId}`, { redirect: 'manual' }),
      // The provider's router takes any letter case and a trailing slash: so does the limit.
      () => fetch(`${oidc}/TOKEN/`, form({ grant_type: 'refresh_token', refresh_token: 'stolen-or-made-up' })),
    ];
    const send = async (kind: number) => {
      const answer = await kinds[kind]!();
      return { kind, status: answer.status, headers: answer.headers, body: await answer.text() };
    };
    const flood = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % kinds.length)));
    expect(
      count(
        flood.map((a) => a.status),
        429,
      ),
    ).toBe(2);
    // Past the limit, every one of them is refused.
    const refused = [];
    for (const kind of kinds.keys()) refused.push(await send(kind));
    expect(refused.map((a) => a.status)).toEqual([429, 429, 429, 429, 429]);
    for (const answer of refused) expect(retryAfter(answer.headers)).toBeGreaterThan(50);
    // The API's answer at the endpoints a client calls; a page at the logout a person sees.
    expect(JSON.parse(refused[0]!.body)).toEqual(tooManyRequests);
    expect(refused[3]!.body).toContain('Too many attempts from your network. Please wait 1 minute and try again.');

    // Another address keeps its own allowance.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/realms/registrar-panel/protocol/openid-connect/token',
      remoteAddress: '192.0.2.44',
      headers: { host: 'portal.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=x&client_id=${t.config.identity.clientId}`,
    });
    expect(elsewhere.statusCode).toBe(400);
    // Operators see the refusals by limit (modules/metrics/).
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toContain('registrar_panel_rate_limit_refusals_total{limit="identityTokenPerIp"} 7');
  });

  it('refuses sign-in posts from one address past its limit, in parallel, with 429, Retry-After and a readable page', async () => {
    const t = await appWith({ RATE_LIMIT_SIGN_IN_PER_IP: '5/15m' }, store());
    const base = await listen(t);
    const browser = new SignInDriver(t.app, t.config, '127.0.0.1');
    await browser.start();
    const action = new URL(browser.formAction(), t.config.publicUrl).pathname;
    const post = (i: number) =>
      fetch(base + action, {
        method: 'POST',
        headers: { cookie: browser.jar.headerFor(action), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: `guess${i}@alpha`, password: 'not the password' }),
      });

    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(i)));
    const statuses = answers.map((a) => a.status);
    expect(count(statuses, 200)).toBe(5);
    expect(count(statuses, 429)).toBe(7);
    const refused = answers.filter((a) => a.status === 429);
    for (const answer of refused) expect(retryAfter(answer.headers)).toBeGreaterThan(890);
    expect(retryAfter(refused[0]!.headers)).toBeLessThanOrEqual(900);
    expect(alertOf(await refused[0]!.text())).toBe('Too many attempts from your network. Please wait 15 minutes and try again.');
    expect(alertOf(await answers.find((a) => a.status === 200)!.text())).toBe('Invalid username or password.');
  });

  it('counts an account over every address, after the per-address limit: one address cannot use up the account', async () => {
    const t = await appWith({ RATE_LIMIT_SIGN_IN_PER_IP: '3/15m', RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '5/15m' }, store());
    const attacker = new SignInDriver(t.app, t.config, '198.51.100.7');
    await attacker.start();
    const attackerStatuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      await attacker.submit({ username: 'victim@alpha', password: `guess ${i}` });
      attackerStatuses.push(attacker.status);
    }
    expect(attackerStatuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(alertOf(attacker.page)).toMatch(/^Too many attempts from your network\./);

    // The account has had 3 posts, not 8: two more from elsewhere, however the username is written.
    const elsewhere: number[] = [];
    for (const [i, typed] of ['Victim@Alpha', ' VICTIM@alpha ', 'victim@ALPHA'].entries()) {
      const browser = new SignInDriver(t.app, t.config, `203.0.113.${20 + i}`);
      await browser.start();
      await browser.submit({ username: typed, password: 'another guess' });
      elsewhere.push(browser.status);
      if (browser.status === 429) {
        expect(alertOf(browser.page)).toMatch(/^Too many attempts for this account\. Please wait 15 minutes and try again\.$/);
        expect(browser.page).toContain(`value="${typed}"`);
      }
    }
    expect(elsewhere).toEqual([200, 200, 429]);
  });

  it('sends at most the limit of reset mails when one user asks 184 times at once', async () => {
    const t = await appWith({}, store());
    const { email } = await createActiveUser(t.database.db, t.config, { username: 'paul@alpha' });
    const base = await listen(t);
    const token = await t.tokenFor({ username: 'paul@alpha', roles: ['FINANCE'] });
    const reset = () => fetch(`${base}/services/me/password`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });

    const answers = await Promise.all(Array.from({ length: 184 }, reset));
    const statuses = answers.map((a) => a.status);
    expect(count(statuses, 200)).toBe(5);
    expect(count(statuses, 429)).toBe(179);
    expect((await t.queuedMail()).filter((mail) => mail.to === email)).toHaveLength(5);
    const refused = answers.find((a) => a.status === 429)!;
    expect(await refused.json()).toEqual(tooManyRequests);
    expect(retryAfter(refused.headers)).toBeGreaterThan(3500);
  });

  it('stops a user guessing the EPP password, right or wrong, and the registrar over all its users', async () => {
    const t = await appWith({ RATE_LIMIT_EPP_PASSWORD_PER_REGISTRAR: '12/1h' }, store());
    const base = await listen(t);
    const techs = ['tess', 'tom', 'tim'].map((name) => ({ username: `${name}@alpha`, roles: ['TECH' as const] }));
    for (const tech of techs) await addUser(t, tech.username, tech.roles);
    const change = async (as: (typeof techs)[number], body: object) =>
      fetch(`${base}/services/registrar/epp/password`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${await t.tokenFor(as)}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const current = 'Correct Horse 9!';
    expect((await change(techs[0]!, { newPassword: current })).status).toBe(200);

    // 10 guesses at once: 4 are checked (the limit of 5 per hour, the first change included), 6 refused.
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => change(techs[0]!, { oldPassword: `guess ${i}`, newPassword: 'Battery Staple7?' })));
    const statuses = guesses.map((a) => a.status);
    expect(count(statuses, 400)).toBe(4);
    expect(count(statuses, 429)).toBe(6);
    expect(await guesses.find((a) => a.status === 429)!.json()).toEqual(tooManyRequests);
    // Past the limit even the right password is not tried: a guesser learns nothing.
    expect((await change(techs[0]!, { oldPassword: current, newPassword: 'Battery Staple7?' })).status).toBe(429);

    // The registrar's allowance (12) is shared: the others get what is left of it.
    const others: number[] = [];
    for (const tech of techs.slice(1)) {
      for (let i = 0; i < 5; i++) others.push((await change(tech, { oldPassword: `guess ${i}`, newPassword: 'Battery Staple7?' })).status);
    }
    expect(others).toEqual([400, 400, 400, 400, 400, 400, 400, 429, 429, 429]);
  });

  it('limits user creation per administrator', async () => {
    const t = await appWith({ RATE_LIMIT_USER_CREATION_PER_USER: '3/1h' }, store());
    await addUser(t, 'ada@alpha', ['ADMIN']);
    const create = (i: number) =>
      call(t, {
        method: 'POST',
        url: '/services/users',
        as: { username: 'ada@alpha', roles: ['ADMIN'] },
        body: { username: `new${i}`, name: 'New User', email: `new${i}@mail.example`, roles: ['TECH'] },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await create(i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(await t.queuedMail()).toHaveLength(3);
  });

  it('limits every /services route per user and per address, the address counted before the token is checked', async () => {
    const t = await appWith({ RATE_LIMIT_SERVICES_PER_USER: '20/1m', RATE_LIMIT_SERVICES_PER_IP: '30/1m' }, store());
    const base = await listen(t);
    const tess = await t.tokenFor({ username: 'tess@alpha', roles: ['TECH'] });
    // Each answer read to its end, as a browser does: an unread body keeps its connection busy, and the app's close waits for it.
    const get = async (token: string) => {
      const answer = await fetch(`${base}/services/country`, { headers: { authorization: `Bearer ${token}` } });
      return { status: answer.status, headers: answer.headers, body: await answer.text() };
    };
    const answers = await Promise.all(Array.from({ length: 25 }, () => get(tess)));
    expect(
      count(
        answers.map((a) => a.status),
        200,
      ),
    ).toBe(20);
    const refused = answers.find((a) => a.status === 429)!;
    expect(JSON.parse(refused.body)).toEqual(tooManyRequests);
    expect(retryAfter(refused.headers)).toBeGreaterThan(50);
    // Another user from the same address still gets through, until the address has had its 30.
    const sam = await t.tokenFor({ username: 'sam@alpha', roles: ['SUPPORT'] });
    const more = await Promise.all(Array.from({ length: 8 }, () => get(sam)));
    expect(more.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);

    // Without a valid token: refused for the address once it has had its allowance, before any signature check.
    const anonymous = async () => (await call(t, { url: '/services/country', remoteAddress: '192.0.2.99' })).statusCode;
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push(await anonymous());
    expect(count(statuses, 401)).toBe(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('limits the activation and reset link page per address and per link', async () => {
    const t = await appWith({ RATE_LIMIT_ACCOUNT_LINK_PER_IP: '4/15m', RATE_LIMIT_ACCOUNT_LINK_PER_LINK: '2/15m' }, store());
    const path = `${new URL(t.config.identity.authUrl).pathname}/realms/registrar-panel/login-actions/action-token`;
    const open = (key: string, remoteAddress: string) => t.app.inject({ url: `${path}?key=${key}`, remoteAddress });

    const fromOne: number[] = [];
    for (let i = 0; i < 5; i++) fromOne.push((await open(`guessed-key-${i}`, '192.0.2.50')).statusCode);
    expect(fromOne).toEqual([410, 410, 410, 410, 429]);
    const refused = await open('guessed-key-9', '192.0.2.50');
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused.headers)).toBeGreaterThan(890);
    expect(refused.body).toContain('Too many attempts from your network. Please wait 15 minutes and try again.');

    const oneLink: number[] = [];
    for (let i = 0; i < 3; i++) oneLink.push((await open('one-key', `192.0.2.${60 + i}`)).statusCode);
    expect(oneLink).toEqual([410, 410, 429]);
    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: '192.0.2.70',
      payload: { key: 'one-key', password: 'x', confirmation: 'x' },
    });
    expect(posted.statusCode).toBe(429);
    expect(posted.body).toContain('Too many attempts for this account.');
  });
});

describe('rate limits in Redis', () => {
  it('are shared by two instances: requests split across them reach the limit together', async () => {
    const shared = { redisUrl, redisKeyPrefix: `rp-test:${randomUUID()}:` };
    const limits = { RATE_LIMIT_SERVICES_PER_USER: '10/1m' };
    const [one, two] = [await appWith(limits, shared), await appWith(limits, shared)];
    const bases = [await listen(one), await listen(two)];
    const tokens = [await one.tokenFor({ username: 'tess@alpha' }), await two.tokenFor({ username: 'tess@alpha' })];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetch(`${bases[i % 2]}/services/country`, { headers: { authorization: `Bearer ${tokens[i % 2]}` } })),
    );
    expect(
      count(
        answers.map((a) => a.status),
        200,
      ),
    ).toBe(10);
    expect(
      count(
        answers.map((a) => a.status),
        429,
      ),
    ).toBe(10);

    // Every key carries the deployment's prefix and expires with its window.
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${shared.redisKeyPrefix}*`);
      expect(keys).toContain(`${shared.redisKeyPrefix}servicesPerUser:tess@alpha`);
      for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
      expect(await redis.pttl(`${shared.redisKeyPrefix}servicesPerUser:tess@alpha`)).toBeLessThanOrEqual(60_000);
    } finally {
      redis.disconnect();
    }
  });

  it("count the identity service's token requests of one address across the fleet", async () => {
    const shared = { redisUrl, redisKeyPrefix: `rp-test:${randomUUID()}:` };
    const limits = { RATE_LIMIT_IDENTITY_TOKEN_PER_IP: '6/1m' };
    const [one, two] = [await appWith(limits, shared), await appWith(limits, shared)];
    const bases = [await listen(one), await listen(two)];
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const answer = await fetch(`${bases[i % 2]}/auth/realms/registrar-panel/protocol/openid-connect/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: one.config.identity.clientId }),
        });
        await answer.text();
        return answer.status;
      }),
    );
    expect(count(answers, 400)).toBe(6);
    expect(count(answers, 429)).toBe(6);
  });

  it('when Redis cannot be reached, the app starts and counts in its own process, never hanging a request', async () => {
    const t = await appWith({ RATE_LIMIT_SERVICES_PER_USER: '5/1m' }, { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'rp-test:down:' });
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call(t, { url: '/services/country', as: { username: 'tess@alpha' } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
