import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * CORS at the identity service: the portal (PUBLIC_URL's origin) may read its answers from a
 * browser; a page of any other site gets no CORS header from any endpoint, preflights included,
 * so the browser does not let it read the answer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const oidc = '/auth/realms/registrar-panel/protocol/openid-connect';
const requests: { label: string; method: 'GET' | 'POST' | 'OPTIONS'; url: string; headers?: Record<string, string>; payload?: string }[] = [
  { label: 'discovery', method: 'GET', url: '/auth/realms/registrar-panel/.well-known/openid-configuration' },
  { label: 'keys', method: 'GET', url: `${oidc}/certs` },
  {
    label: 'token (unknown client)',
    method: 'POST',
    url: `${oidc}/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=refresh_token&refresh_token=x&client_id=nobody',
  },
  {
    label: 'token',
    method: 'POST',
    url: `${oidc}/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=refresh_token&refresh_token=x&client_id=registrar-panel-web',
  },
  { label: 'userinfo', method: 'GET', url: `${oidc}/userinfo`, headers: { authorization: 'Bearer x.y.z' } },
  ...['token', 'revoke', 'userinfo', 'certs'].map((path) => ({
    label: `preflight of ${path}`,
    method: 'OPTIONS' as const,
    url: `${oidc}/${path}`,
    headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
  })),
];

const corsOf = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS of the identity service', () => {
  it.each(requests)('gives no CORS header to another origin: $label', async (request) => {
    for (const origin of ['http://evil.test', 'http://portal.test.evil.test', 'null']) {
      const res = await t.app.inject({
        method: request.method,
        url: request.url,
        headers: { host: 'portal.test', origin, ...request.headers },
        payload: request.payload,
      });
      expect(corsOf(res.headers), `${origin}: ${JSON.stringify(res.headers)}`).toEqual([]);
    }
  });

  it.each(requests)("answers the portal's origin: $label", async (request) => {
    const res = await t.app.inject({
      method: request.method,
      url: request.url,
      headers: { host: 'portal.test', origin: 'http://portal.test', ...request.headers },
      payload: request.payload,
    });
    expect(res.headers['access-control-allow-origin']).toBe('http://portal.test');
  });
});
