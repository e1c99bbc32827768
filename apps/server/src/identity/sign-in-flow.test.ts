import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { demoPassword, demoTotpSecret } from './demo-accounts';
import { seedDemoUsers } from './demo-users';
import { SignInDriver } from './testing/sign-in-driver';
import { currentTotpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'acme' });
  await seedDemoUsers(t.app);
});
afterAll(async () => t.close());

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
