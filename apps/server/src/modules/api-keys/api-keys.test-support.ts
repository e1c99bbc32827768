import type { LightMyRequestResponse } from 'fastify';
import { addCalendarDays, brusselsDay, type ApiKeyCreatedResponse, type CreateApiKeyInput, type PanelRole } from '@registrar-panel/contract';
import { call } from '../../test/http';
import type { TokenClaims } from '../../identity/testing/access-tokens';
import type { TestApp } from '../../test/test-app';

/** The ADMIN of a registrar, as a token names them. */
export const adminOf = (handle: string): TokenClaims => ({
  username: `admin@${handle}`,
  roles: ['ADMIN'] as PanelRole[],
  firstName: 'Ada',
  lastName: 'Admin',
  email: `ada@${handle}.example`,
});

/** A valid creation request: a month ahead, registrations only, any address; override any field. */
export function keyRequest(overrides: Partial<CreateApiKeyInput> = {}): CreateApiKeyInput {
  return { name: 'Nightly sync', scopes: ['registrations'], expiresOn: addCalendarDays(brusselsDay(), 30), allowedAddresses: [], ...overrides };
}

export function postKey(t: TestApp, body: unknown, as: TokenClaims = adminOf('alpha')): Promise<LightMyRequestResponse> {
  return call(t, { method: 'POST', url: '/services/apiKeys', as, body });
}

/** Creates a key through the API as the registrar's ADMIN; fails the test unless it is created. */
export async function createKey(t: TestApp, overrides: Partial<CreateApiKeyInput> = {}, as: TokenClaims = adminOf('alpha')): Promise<ApiKeyCreatedResponse> {
  const res = await postKey(t, keyRequest(overrides), as);
  if (res.statusCode !== 201) throw new Error(`key not created: ${res.statusCode} ${res.body}`);
  return res.json<{ data: ApiKeyCreatedResponse }>().data;
}

/** One request with `Authorization: Bearer <key>`, from `remoteAddress` (127.0.0.1 unless given). */
export function withKey(
  t: TestApp,
  key: string,
  url: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; remoteAddress?: string; body?: unknown } = {},
) {
  return t.app.inject({
    method: options.method ?? 'GET',
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}
