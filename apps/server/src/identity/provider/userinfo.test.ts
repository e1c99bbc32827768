import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SignInDriver, type Tokens } from '../testing/sign-in-driver';
import { createActiveUser, testPassword } from '../testing/users';
import { currentTotpCode } from '../sign-in/totp';

/*
 * userinfo, as openid-client's fetchUserInfo calls it: the discovery document's userinfo_endpoint
 * with the portal's own access token (a JWT for the API) in the Authorization header.
 */
let t: TestApp;
let userinfoPath = '';
beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  const discovery = await t.app.inject({ url: '/auth/realms/registrar-panel/.well-known/openid-configuration', headers: { host: 'portal.test' } });
  userinfoPath = new URL(discovery.json<{ userinfo_endpoint: string }>().userinfo_endpoint).pathname;
});
afterAll(async () => t.close());

async function signedIn(username: string, name: string): Promise<Tokens> {
  const { secret } = await createActiveUser(t.database.db, t.config, { username, name, roles: ['TECH'] });
  const browser = new SignInDriver(t.app, t.config);
  await browser.start();
  await browser.submit({ username, password: testPassword });
  return browser.exchange(await browser.submit({ code: await currentTotpCode(secret ?? '') }));
}

const userinfo = (token: string, options: { method?: 'GET' | 'POST'; origin?: string } = {}) =>
  t.app.inject({
    method: options.method ?? 'GET',
    url: userinfoPath,
    headers: { host: 'portal.test', authorization: `Bearer ${token}`, ...(options.origin ? { origin: options.origin } : {}) },
  });

describe('userinfo', () => {
  it("answers the portal's access token with the user's claims, not to be stored", async () => {
    const tokens = await signedIn('uma@alpha', 'Uma Info');
    const res = await userinfo(tokens.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const claims = res.json<Record<string, unknown>>();
    expect(claims).toMatchObject({
      preferred_username: 'uma@alpha',
      name: 'Uma Info',
      given_name: 'Uma',
      family_name: 'Info',
      email: 'uma.alpha@mail.example',
      email_verified: true,
    });
    // The same subject as the ID token's, as openid-client's fetchUserInfo checks.
    const idToken = JSON.parse(Buffer.from(tokens.id_token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
    expect(claims.sub).toBe(idToken.sub);
    // Roles are the API's business, not in any requested scope.
    expect(claims).not.toHaveProperty('realm_access');
    expect((await userinfo(tokens.access_token, { method: 'POST' })).json()).toEqual(claims);
  });

  it('answers the portal in a browser (CORS) and no other origin', async () => {
    const tokens = await signedIn('cora@alpha', 'Cora Origin');
    const fromPortal = await userinfo(tokens.access_token, { origin: 'http://portal.test' });
    expect(fromPortal.statusCode).toBe(200);
    expect(fromPortal.headers['access-control-allow-origin']).toBe('http://portal.test');
    const fromElsewhere = await userinfo(tokens.access_token, { origin: 'http://evil.test' });
    expect(fromElsewhere.statusCode).not.toBe(200);
    expect(fromElsewhere.body).not.toContain('cora@alpha');
  });

  it('refuses the ID token, a forged token and the token of a user no longer active, with invalid_token', async () => {
    const tokens = await signedIn('dora@alpha', 'Dora Gone');
    const [header, payload] = tokens.access_token.split('.');
    for (const token of [tokens.id_token, `${header}.${payload}.AAAA`]) {
      const res = await userinfo(token);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('invalid_token');
      expect(res.body).not.toContain('dora@alpha');
    }
    await t.database.db.update(users).set({ state: 'locked' }).where(eq(users.username, 'dora@alpha'));
    const afterwards = await userinfo(tokens.access_token);
    expect(afterwards.statusCode).toBe(401);
    expect(afterwards.body).not.toContain('dora@alpha');
  });
});
