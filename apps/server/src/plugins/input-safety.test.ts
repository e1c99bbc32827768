import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { SignInDriver } from '../identity/testing/sign-in-driver';
import { createActiveUser } from '../identity/testing/users';
import { holdsOnlyStorableText, isStorablePercentEncoded, isStorableText } from '../lib/text-safety';

/*
 * A NUL or a lone surrogate reached PostgreSQL from 13 endpoints and came back as a 500 (with the
 * query's parameters in the error log). Each is refused now with a 400, in the shape its client reads.
 */

let t: TestApp;
const issuerPath = '/auth/realms/registrar-panel';
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createActiveUser(t.database.db, t.config, { username: 'admin@alpha', roles: ['ADMIN'] });
  await createActiveUser(t.database.db, t.config, { username: 'bob@alpha', roles: ['TECH'] });
});
afterAll(async () => t?.close());

async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: string) {
  return t.app.inject({ method, url, headers: { host: 'portal.test', ...headers }, ...(payload === undefined ? {} : { payload }) });
}

describe('the API refuses text PostgreSQL cannot hold, in the envelope', () => {
  const user = async () => ({ authorization: `Bearer ${await t.tokenFor({ username: 'admin@alpha', roles: ['ADMIN'] })}` });
  const cases: [method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: string][] = [
    ['DELETE', '/services/users/bob%00@alpha'],
    ['DELETE', '/services/users/bob%00@alpha/totp'],
    ['GET', '/services/users/bob%00@alpha/activity'],
    ['GET', '/services/contacts/c%00'],
    ['GET', '/services/domains/search?ulabel=a%00'],
    ['PUT', '/services/users/bob@alpha', '{"name":"Bob\\u0000","email":"bob@mail.example","roles":["TECH"]}'],
    ['PUT', '/services/users/bob@alpha', '{"name":"Bob \\ud800","email":"bob@mail.example","roles":["TECH"]}'],
    ['POST', '/services/users', '{"username":"eve","name":"Eve\\udc00 ","email":"eve@mail.example","roles":[]}'],
    ['PUT', '/services/registrar', '{"organization":"Alpha\\u0000 BV"}'],
    ['POST', '/services/registrar/whoisContact', '{"type":"TECH","email":"t@alpha.example","phone":"+32.21234567","name":"\\ud83d"}'],
    ['PUT', '/services/registrar/epp/ip', '{"ipAddresses":["192.0.2.1\\u0000"]}'],
    ['PUT', '/services/registrar/epp/password', '{"newPassword":"Abcdefgh 1234!\\u0000"}'],
    // Keys are text too.
    ['PUT', '/services/registrar/epp/ip', '{"ipAddresses":[],"\\u0000":1}'],
  ];

  it.each(cases)('%s %s %s', async (method, url, body) => {
    const res = await send(method, url, { ...(await user()), ...(body === undefined ? {} : json) }, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null, messages: [{ messageKey: 'error.invalidCharacters' }] });
  });

  it('answers a path or query that is not UTF-8 (an encoded surrogate, a stray byte) the same way', async () => {
    for (const url of ['/services/users/bob%ED%A0%80@alpha', '/services/users/bob%FF@alpha/totp', '/services/users?x=%C0%80']) {
      const res = await send('DELETE', url, await user());
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ data: null, messages: [{ messageKey: 'error.invalidCharacters' }] });
    }
  });

  it('still takes other characters: a control character is the fields’ own validation to judge', async () => {
    const res = await send(
      'PUT',
      '/services/users/bob@alpha',
      { ...(await user()), ...json },
      '{"name":"Bob\\tBuilder 😀","email":"bob@mail.example","roles":["TECH"]}',
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('the sign-in and account pages answer with a page', () => {
  it('refuses a NUL or a broken escape in the password form', async () => {
    const browser = new SignInDriver(t.app, t.config);
    await browser.start();
    const action = browser.formAction();
    for (const payload of ['username=bob%00@alpha&password=x', 'username=bob%ED%A0%80@alpha&password=x']) {
      const res = await send('POST', action, { ...form, cookie: browser.jar.headerFor(action) }, payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Invalid characters');
    }
    // The sign-in goes on: the page is still there for a correct attempt.
    expect((await send('GET', browser.pageUrl, { cookie: browser.jar.headerFor(browser.pageUrl) })).statusCode).toBe(200);
  });

  it('refuses them in the activation/reset link and its form', async () => {
    const link = await send('GET', `${issuerPath}/login-actions/action-token?key=abc%00`);
    const post = await send('POST', `${issuerPath}/login-actions/action-token`, form, 'key=abc&password=a%00b&confirmation=a%00b');
    for (const res of [link, post]) {
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Invalid characters');
    }
  });
});

describe('the OpenID provider answers an OAuth error', () => {
  const endpoint = (name: string) => `${issuerPath}/protocol/openid-connect/${name}`;
  const cases: [method: 'GET' | 'POST', url: string, body?: string][] = [
    ['POST', endpoint('token'), 'grant_type=refresh_token&refresh_token=x&client_id=registrar%00panel'],
    ['POST', endpoint('token'), 'grant_type=authorization_code&code=a%00&client_id=registrar-panel-web'],
    ['POST', endpoint('token'), 'grant_type=refresh_token&refresh_token=%ED%A0%80&client_id=registrar-panel-web'],
    ['POST', endpoint('revoke'), 'token=a%00&client_id=registrar-panel-web'],
    ['POST', endpoint('userinfo'), 'access_token=a%00'],
    ['GET', `${endpoint('logout')}?client_id=a%00`],
    ['GET', `${endpoint('auth')}?client_id=registrar-panel-web&state=%00`],
    ['GET', endpoint('%FF')],
  ];

  it.each(cases)('%s %s %s', async (method, url, body) => {
    const res = await send(method, url, body === undefined ? {} : form, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('never answers 500 for a NUL hidden inside a client assertion (the client id the provider looks up)', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const assertion = `${part({ alg: 'HS256' })}.${part({ sub: '\u0000', iss: '\u0000' })}.AA`;
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    }).toString();
    const res = await send('POST', endpoint('token'), form, body);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ error: expect.stringMatching(/^invalid_/) });
  });

  it('answers an over-long sign-in page id with the expired page, not a 500', async () => {
    const long = `${issuerPath}/login-actions/${'u'.repeat(150)}`;
    const requests = [
      send('GET', long),
      send('GET', `${long}/restart`),
      ...['/login', '/otp', '/enrol'].map((step) => send('POST', `${long}${step}`, form, 'username=a&password=b&code=1')),
    ];
    for (const res of await Promise.all(requests)) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This sign-in page has expired');
    }
  });

  it('refuses a JSON body holding a lone surrogate', async () => {
    const res = await send('POST', endpoint('token'), json, '{"grant_type":"refresh_token","refresh_token":"\\ud800"}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('the rule', () => {
  it('refuses NUL and lone surrogates only', () => {
    expect(isStorableText('Zoë 😀 \t\u0001\u007f\uFFFD')).toBe(true);
    for (const bad of ['a\u0000', '\ud800', 'x\udc00y', '\ud83d', '\ude00😀']) expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('looks into every string and key of a parsed input', () => {
    expect(holdsOnlyStorableText({ a: [1, { b: 'ok' }], c: null })).toBe(true);
    expect(holdsOnlyStorableText({ a: [1, { b: 'o\u0000k' }] })).toBe(false);
    expect(holdsOnlyStorableText({ ['\ud800']: 1 })).toBe(false);
  });

  it('decodes escapes as UTF-8 before judging, keeping malformed escapes literal', () => {
    expect(isStorablePercentEncoded('/a/%C3%A9?x=100%&y=%zz')).toBe(true);
    for (const bad of ['/a%00', '/%ED%A0%80', '/%FF', '/%C3', '/%C0%80', '/a\u0000']) expect(isStorablePercentEncoded(bad), bad).toBe(false);
  });
});
