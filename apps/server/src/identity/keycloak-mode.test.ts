import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * IDENTITY_MODE=keycloak: no embedded provider; tokens are verified against the realm's published
 * keys (a stand-in serves them here, as Keycloak does at .../protocol/openid-connect/certs).
 */
let t: TestApp;
let keycloak: Server;
let issuer = '';
let sign: (claims: Record<string, unknown>, header?: { typ?: string }) => Promise<string>;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'keycloak-key', alg: 'RS256', use: 'sig' };
  keycloak = createServer((request, response) => {
    if (request.url === '/auth/realms/registrar-panel/protocol/openid-connect/certs') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => keycloak.listen(0, '127.0.0.1', resolve));
  const authUrl = `http://127.0.0.1:${(keycloak.address() as AddressInfo).port}/auth`;
  issuer = `${authUrl}/realms/registrar-panel`;
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    PUBLIC_URL: 'http://portal.test',
    WEB_DIST_DIR: '/nonexistent',
    DEMO_MODE: 'true',
    IDENTITY_MODE: 'keycloak',
    OIDC_AUTH_URL: authUrl,
    OIDC_DIRECTORY_CLIENT_SECRET: 'not-used-here',
  });
  t = await createTestApp({ identity: config.identity });
  // Shaped as Keycloak's access tokens: `typ: JWT` in the header, `typ: Bearer` in the payload.
  sign = async (claims, header = {}) =>
    new SignJWT({
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 5 * 60,
      iss: issuer,
      typ: 'Bearer',
      azp: 'registrar-panel-web',
      preferred_username: 'admin@alpha',
      realm_access: { roles: ['admin', 'offline_access'] },
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'keycloak-key', typ: 'JWT', ...header })
      .sign(privateKey);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => keycloak.close(resolve));
});

const call = (url: string, token: string, method: 'GET' | 'DELETE' = 'GET') => t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

describe('Keycloak as identity service', () => {
  it("accepts Keycloak's tokens, verified with the realm's published keys", async () => {
    expect((await call('/services/config', await sign({}))).statusCode).toBe(200);
  });

  it('refuses tokens of the embedded service and of another issuer', async () => {
    expect((await call('/services/config', await t.tokenFor({ username: 'admin@alpha' }))).statusCode).toBe(401);
    expect((await call('/services/config', await sign({ iss: 'http://elsewhere.test/realms/registrar-panel' }))).statusCode).toBe(401);
  });

  it("accepts only Keycloak's access tokens: not its ID, refresh or logout tokens, nor an untyped one", async () => {
    expect((await call('/services/config', await sign({ typ: 'ID' }))).statusCode).toBe(401);
    expect((await call('/services/config', await sign({ typ: 'Refresh' }))).statusCode).toBe(401);
    expect((await call('/services/config', await sign({ typ: 'Logout' }, { typ: 'logout+jwt' }))).statusCode).toBe(401);
    expect((await call('/services/config', await sign({ typ: undefined }))).statusCode).toBe(401);
    expect((await call('/services/config', await sign({}, { typ: 'at+jwt' }))).statusCode).toBe(200);
  });

  it("refuses a Keycloak token living longer than the portal's 5-minute access tokens, or issued in the future", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await call('/services/config', await sign({ exp: now + 30 * 60 }))).statusCode).toBe(401);
    expect((await call('/services/config', await sign({ iat: now + 60 }))).statusCode).toBe(401);
  });

  it('reads roles from an array of exact names only', async () => {
    expect((await call('/services/users', await sign({ realm_access: { roles: 'admin' } }))).statusCode).toBe(403);
    expect((await call('/services/users', await sign({ realm_access: { roles: ['admin-x'] } }))).statusCode).toBe(403);
  });

  it('has no embedded provider and points the web app at Keycloak', async () => {
    expect((await t.app.inject({ url: '/auth/realms/registrar-panel/.well-known/openid-configuration' })).statusCode).toBe(404);
    const config = (await t.app.inject({ url: '/assets/config/config.json' })).json<{ identity: { authUrl: string } }>();
    expect(`${config.identity.authUrl}/realms/registrar-panel`).toBe(issuer);
    expect((await t.app.inject({ url: '/health' })).headers['content-security-policy']).toContain(`form-action 'self' ${new URL(issuer).origin}`);
  });

  it('tells the user to try again when the identity service cannot send their reset mail', async () => {
    // The stand-in serves keys only: the directory's service account gets no token.
    const res = await call('/services/me/password', await sign({}), 'DELETE');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      data: null,
      messages: [{ messageKey: 'identity.mailFailed', defaultMessage: 'The email could not be sent. Please try again later.' }],
    });
  });
});

describe("a rule hit mail's stop page", () => {
  it('is styled with files the portal serves itself, since Keycloak serves the identity pages', async () => {
    const page = await t.app.inject({ url: '/mail/rule-hits/stop?key=unknown' });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link is unknown, has expired or was already used.');
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const css = await t.app.inject({ url: stylesheet });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
});
