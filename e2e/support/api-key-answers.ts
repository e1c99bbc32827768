import type { ApiKey, ApiKeyCreatedResponse, CreateApiKeyInput, Envelope } from '@registrar-panel/contract';
import type { Page, Route } from 'playwright-core';

/*
 * Stubbed answers of the API keys page, for suites that look at it without changing the demo
 * registrar (the accessibility suite): a list with a key in each state, and a creation that echoes
 * the request with a made-up secret. Revoking is not stubbed: those suites only open its dialog.
 */

const sample = (overrides: Partial<ApiKey> & Pick<ApiKey, 'id' | 'name' | 'state'>): ApiKey => ({
  prefix: `rpk_${overrides.id}`,
  scopes: ['registrations'],
  allowedAddresses: [],
  expiresOn: '2099-12-31',
  createdAt: '2026-03-02T09:15:00Z',
  createdBy: 'admin@acme',
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  revokedBy: null,
  ...overrides,
});

/** One key in each state, with and without addresses and a last use. */
export const sampleApiKeys: ApiKey[] = [
  sample({
    id: 'A1b2C3d4E5f6',
    name: 'Nightly portfolio sync',
    state: 'active',
    scopes: ['registrations', 'billing', 'domainReport'],
    allowedAddresses: ['192.0.2.0/24', '2001:db8::1'],
    lastUsedAt: '2026-03-05T06:00:12Z',
    lastUsedIp: '192.0.2.17',
  }),
  sample({ id: 'G7h8I9j0K1l2', name: 'Finance export', state: 'expired', scopes: ['billing'], expiresOn: '2026-01-31' }),
  sample({
    id: 'M3n4O5p6Q7r8',
    name: 'Old monitoring script',
    state: 'revoked',
    revokedAt: '2026-02-20T14:30:00Z',
    revokedBy: 'admin@acme',
    lastUsedAt: '2026-02-19T23:59:01Z',
    lastUsedIp: '2001:db8::42',
  }),
];

const envelope = <T>(data: T): string => JSON.stringify({ data, messages: [] } satisfies Envelope<T>);

/** Answers `GET /services/apiKeys` with the samples and `POST` with a new key of the request's values. */
export async function answerApiKeys(page: Page): Promise<void> {
  await page.route('**/services/apiKeys', (route: Route) => {
    const request = route.request();
    if (request.method() === 'GET') return route.fulfill({ contentType: 'application/json', body: envelope({ apiKeys: sampleApiKeys }) });
    if (request.method() !== 'POST') return route.continue();
    const input = request.postDataJSON() as CreateApiKeyInput;
    const apiKey = sample({ ...input, id: 'S9t8U7v6W5x4', state: 'active', allowedAddresses: input.allowedAddresses ?? [] });
    const created: ApiKeyCreatedResponse = { apiKey, secret: `${apiKey.prefix}_NotARealSecretOnlyForTheAccessibilitySuite` };
    return route.fulfill({ status: 201, contentType: 'application/json', body: envelope(created) });
  });
}

/** Lets the page reach the real API again. */
export async function stopAnsweringApiKeys(page: Page): Promise<void> {
  await page.unroute('**/services/apiKeys');
}
