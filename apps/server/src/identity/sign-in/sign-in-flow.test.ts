import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoPassword, demoTotpSecret } from '../demo/demo-accounts';
import { seedDemoUsers } from '../demo/demo-users';
import { loadSigningKeys } from '../provider/signing-keys';
import { SignInDriver } from '../testing/sign-in-driver';
import { currentTotpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'acme' });
  await seedDemoUsers(t.app);
});
afterAll(async () => t.close());

describe('discovery', () => {
  it("publishes Keycloak's endpoint layout under {authUrl}/realms/{realm}, code flow with PKCE only", async () => {
    const res = await t.app.inject({ url: '/auth/realms/registrar-panel/.well-known/openid-configuration', headers: { host: 'portal.test' } });
    expect(res.statusCode).toBe(200);
    const realm = 'http://portal.test/auth/realms/registrar-panel';
    expect(res.json()).toMatchObject({
      issuer: realm,
      authorization_endpoint: `${realm}/protocol/openid-connect/auth`,
      token_endpoint: `${realm}/protocol/openid-connect/token`,
      end_session_endpoint: `${realm}/protocol/openid-connect/logout`,
      jwks_uri: `${realm}/protocol/openid-connect/certs`,
      userinfo_endpoint: `${realm}/protocol/openid-connect/userinfo`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: expect.not.arrayContaining(['password', 'implicit']),
    });
  });

  it('serves the persisted signing key as the realm certificates', async () => {
    const res = await t.app.inject({ url: '/auth/realms/registrar-panel/protocol/openid-connect/certs', headers: { host: 'portal.test' } });
    const [stored] = (await loadSigningKeys(t.database.db)).privateJwks;
    expect(res.json<{ keys: { kid: string; d?: string }[] }>().keys).toEqual([expect.objectContaining({ kid: stored?.kid, kty: 'RSA' })]);
    expect(res.body).not.toContain('"d"');
  });

  it('refuses an authorization request without PKCE or for an unregistered redirect URI', async () => {
    const base = '/auth/realms/registrar-panel/protocol/openid-connect/auth?client_id=registrar-panel-web&response_type=code&scope=openid';
    const noPkce = await t.app.inject({ url: `${base}&redirect_uri=${encodeURIComponent('http://portal.test/')}`, headers: { host: 'portal.test' } });
    expect(noPkce.statusCode).toBe(303);
    expect(noPkce.headers.location).toContain('error=invalid_request');
    const elsewhere = await t.app.inject({
      url: `${base}&code_challenge=abcdefghijabcdefghijabcdefghijabcdefghij123&code_challenge_method=S256&redirect_uri=${encodeURIComponent('http://evil.test/')}`,
      headers: { host: 'portal.test' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain('Sign-in could not continue');
  });
});

describe('sign-in with password and one-time code', () => {
  it('issues Keycloak-shaped tokens that the API accepts', async () => {
    const browser = new SignInDriver(t.app, t.config);
    await browser.start();
    expect(browser.page).toContain('<label for="username" class="form-label">Username</label>');
    await browser.submit({ username: 'tech@acme', password: demoPassword });
    expect(browser.page).toContain('One-time code');
    const callback = await browser.submit({ code: await currentTotpCode(demoTotpSecret('tech@acme')) });
    const tokens = await browser.exchange(callback);
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: 'http://portal.test/auth/realms/registrar-panel',
      preferred_username: 'tech@acme',
      given_name: 'Tess',
      family_name: 'Tech',
      email: 'tech@acme.example',
      realm_access: { roles: ['tech'] },
      azp: 'registrar-panel-web',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
    const res = await t.app.inject({ url: '/services/config', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.statusCode).toBe(200);
  });
});
