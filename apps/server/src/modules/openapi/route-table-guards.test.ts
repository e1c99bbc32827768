import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyPrefix, capabilities, panelRoles, type PanelRole, type PanelUser } from '@registrar-panel/contract';
import { apiRoutes, openApiPath, pathParams, routeKey, type ApiRoute, type OpenApiDocument } from '@registrar-panel/contract/api';
import { accountSessions, passkeys, reconciliationRuns } from '../../db/schema';
import { applyLines, lines, numbered } from '../../feed/feed.test-support';
import { readPosition } from '../../feed/position';
import { loadSigningKeys } from '../../identity/provider/signing-keys';
import { signAccessToken } from '../../identity/testing/access-tokens';
import { createActiveUser } from '../../identity/testing/users';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import type { TokenClaims } from '../../identity/testing/access-tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminOf, createKey } from '../api-keys/api-keys.test-support';
import { createContact, createDomain } from '../registrations/registrations.test-support';
import { pathParamsOf, requestOf, type RouteRequest } from './route-requests.test-support';

/*
 * Two guards of every /services route, derived from the route table (packages/contract/src/api):
 * no credentials, or credentials that are not ours, answer 401 on every route but the public ones;
 * and a route that names an object in its path never hands another registrar's object over.
 */

const tld = 'be';
let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp({ tld });
  document = (await t.app.inject({ url: '/services/openapi.json' })).json<OpenApiDocument>();
});
afterAll(async () => t?.close());

function send(request: RouteRequest, authorization?: string) {
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: authorization === undefined ? {} : { authorization },
    ...(request.query ? { query: request.query } : {}),
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (roles: readonly PanelRole[]): TokenClaims => ({ username: 'admin@alpha', roles });

describe('a call without valid credentials', () => {
  const guarded = apiRoutes.filter((route) => route.access !== 'public');
  /** Each way of calling without being anyone: its Authorization header. */
  const credentials: [string, () => Promise<string | undefined>][] = [
    ['no Authorization header', async () => undefined],
    ['a bearer that is not a token', async () => 'Bearer not-a-token'],
    [
      'an unsigned token (alg none) with every claim a real one has',
      async () => {
        const [real = ''] = (await t.tokenFor(claimsOf(panelRoles))).split('.').slice(1, 2);
        return `Bearer ${base64url({ alg: 'none', typ: 'at+jwt' })}.${real}.`;
      },
    ],
    [
      "a token signed by another key under the provider's key id",
      async () => {
        const [real] = (await loadSigningKeys(t.database.db)).privateJwks;
        const { privateKey } = await generateKeyPair('RS256', { extractable: true });
        const forged = { ...(await exportJWK(privateKey)), kid: real?.kid, alg: 'RS256' };
        return `Bearer ${await signAccessToken(t.config, forged, claimsOf(panelRoles))}`;
      },
    ],
    ['an API key that does not exist', async () => `Bearer ${apiKeyPrefix}AAAAAAAAAAAA_${'A'.repeat(43)}`],
  ];

  it('covers the table: every guarded route, every public one', () => {
    expect(guarded.length).toBeGreaterThan(30);
    expect(apiRoutes.filter((route) => route.access === 'public').map(routeKey)).toEqual(['GET /openapi.json']);
  });

  it.each(credentials)('answers 401 in the envelope to %s, on every route but the public ones', async (_what, authorization) => {
    const header = await authorization();
    for (const route of guarded) {
      const res = await send(requestOf(route, { tld }), header);
      expect(res.statusCode, `${routeKey(route)}: ${res.body.slice(0, 200)}`).toBe(401);
      const body = res.json<{ data: unknown; messages: { messageKey: string }[] }>();
      expect(body.data, routeKey(route)).toBeNull();
      expect(
        body.messages.map((m) => m.messageKey),
        routeKey(route),
      ).toEqual(['error.unauthorized']);
    }
  });

  it('lets a public route answer without credentials', async () => {
    for (const route of apiRoutes.filter((r) => r.access === 'public')) {
      const res = await send(requestOf(route, { tld }));
      expect(res.statusCode, routeKey(route)).toBeLessThan(400);
    }
  });
});

describe("another registrar's object named in the path", () => {
  /** Registrar beta's objects, and text only they hold: none of it may reach alpha's caller. */
  const beta = {
    domain: `shop-beta.${tld}`,
    contact: 'b100',
    user: 'jan@beta',
    keyId: '',
    webhookId: '',
    ruleId: '',
    sessionId: 'beta-session-of-jan',
    messageId: '770001',
    passkeyId: 'beta-passkey-of-jan',
    reconciliationRunId: '',
  };
  const betaOnly = ['Beta Contact Person', 'Jan Beta', 'Beta nightly sync', 'Beta watches holds', 'beta-portfolio.csv'];

  beforeAll(async () => {
    await createRegistrar(t.database.db, { handle: 'alpha' });
    await createRegistrar(t.database.db, { handle: 'beta' });
    await createContact(t.database.db, { handle: beta.contact, registrarHandle: 'beta', name: betaOnly[0] });
    await createDomain(t.database.db, { uLabel: beta.domain, registrarHandle: 'beta', registrantHandle: beta.contact });
    await createActiveUser(t.database.db, t.config, { username: beta.user, name: betaOnly[1], roles: ['SUPPORT'] });
    beta.keyId = (await createKey(t, { name: betaOnly[2] }, adminOf('beta'))).apiKey.id;
    const webhook = await call(t, {
      method: 'POST',
      url: '/services/webhooks',
      as: adminOf('beta'),
      body: { url: 'http://127.0.0.1:9/beta', eventKinds: ['user.create'] },
    });
    beta.webhookId = webhook.json<{ data: { endpoint: { id: string } } }>().data.endpoint.id;
    const rule = await call(t, {
      method: 'POST',
      url: '/services/notificationRules',
      as: { username: beta.user, roles: ['SUPPORT'] },
      body: { name: betaOnly[3], target: { kind: 'entersStatus', status: 'serverHold' }, recipients: [beta.user] },
    });
    beta.ruleId = rule.json<{ data: { rule: { id: string } } }>().data.rule.id;
    const now = new Date();
    // An announcement of the registry to beta only: beta's users may read and dismiss it, alpha's may not see it.
    const fed = await applyLines(
      t.database,
      numbered(
        [lines.message(Number(beta.messageId), 'beta', now, { kind: 'announcement', domain: null, text: 'For beta only.' })],
        (await readPosition(t.database.pool)) + 1,
      ),
    );
    expect(fed.rejects).toEqual([]);
    await t.database.db.insert(accountSessions).values({
      sessionId: beta.sessionId,
      username: beta.user,
      registrarHandle: 'beta',
      userAgent: 'Firefox/133',
      address: '192.0.2.7',
      startedAt: now,
      lastSeenAt: now,
    });
    await t.database.db
      .insert(passkeys)
      .values({ credentialId: beta.passkeyId, username: beta.user, publicKey: 'pQ', counter: 0, name: 'Jan’s key', createdAt: now });
    const [run] = await t.database.db
      .insert(reconciliationRuns)
      .values({ registrarHandle: 'beta', startedBy: beta.user, fileName: 'beta-portfolio.csv', state: 'done', finishedAt: now })
      .returning();
    beta.reconciliationRunId = run?.id ?? '';
  });

  /** Beta's identifier for each kind of path parameter: a route with another kind fails the test until it is added. */
  const betaIdentifier = (route: ApiRoute, name: string): string | undefined => {
    const identifiers = new Map<unknown, () => string>([
      [pathParams.domainNameParams, () => beta.domain],
      [pathParams.contactHandleParams, () => beta.contact],
      [pathParams.registrarHandleParams, () => 'beta'],
      [pathParams.usernameParams, () => beta.user],
      [pathParams.apiKeyIdParams, () => beta.keyId],
      [pathParams.webhookIdParams, () => beta.webhookId],
      // Alpha's caller is refused at the endpoint, whatever the attempt.
      [pathParams.webhookDeliveryParams, () => beta.webhookId],
      [pathParams.sessionIdParams, () => beta.sessionId],
      [pathParams.notificationRuleIdParams, () => beta.ruleId],
      [pathParams.registryMessageIdParams, () => beta.messageId],
      [pathParams.passkeyIdParams, () => beta.passkeyId],
      [pathParams.reconciliationRunIdParams, () => beta.reconciliationRunId],
    ]);
    const params = route.params;
    return params && name in params.shape ? identifiers.get(params)?.() : undefined;
  };
  const rolesOf = (route: ApiRoute): readonly PanelRole[] =>
    route.access === 'public' || route.access === 'signedIn' ? panelRoles : capabilities[route.access];
  // A certificate slot (`primary`, `failover`) names no object of a registrar: it is always the caller's
  // own registrar's; those routes' tenant tests name another registrar's fingerprint (epp-certificates.test.ts).
  const namesNoObject = new Set<unknown>([pathParams.eppCertificateSlotParams]);
  const named = apiRoutes.filter((route) => pathParamsOf(route).length > 0 && !namesNoObject.has(route.params));
  const requestFor = (route: ApiRoute) => {
    const params = Object.fromEntries(
      pathParamsOf(route).map((name) => {
        const value = betaIdentifier(route, name);
        if (value === undefined) throw new Error(`${routeKey(route)}: no identifier of registrar beta for :${name}; add its kind to this test`);
        return [name, value];
      }),
    );
    return requestOf(route, { tld, params });
  };

  it('covers every route with a path parameter', () => {
    expect(named.length).toBeGreaterThanOrEqual(10);
    for (const route of named) expect(() => requestFor(route), routeKey(route)).not.toThrow();
  });

  it("names objects beta's own caller can read: the identifiers are real", async () => {
    for (const route of named.filter((r) => r.method === 'GET')) {
      const res = await call(t, { ...requestFor(route), as: { username: 'admin@beta', roles: rolesOf(route) } });
      expect(res.statusCode, `${routeKey(route)}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it.each(named.map((route) => [routeKey(route), route] as const))("%s refuses beta's object to alpha's caller, with a documented key", async (key, route) => {
    const res = await call(t, { ...requestFor(route), as: { ...claimsOf(rolesOf(route)) } });
    expect([403, 404], `${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    const body = res.json<{ data: unknown; messages: { messageKey: string }[] }>();
    expect(body.data).toBeNull();
    const documented = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as 'get']?.responses[String(res.statusCode)]?.['x-message-keys'];
    for (const { messageKey } of body.messages) expect(documented, `${key} ${res.statusCode} ${messageKey}`).toContain(messageKey);
    for (const text of [...betaOnly, `main@beta.example`]) expect(res.body).not.toContain(text);
  });

  it("leaves beta's objects as they were", async () => {
    const asBeta = adminOf('beta');
    const users = await call(t, { url: '/services/users', as: asBeta });
    expect(users.statusCode).toBe(200);
    // Every change the routes above would have made (roles, enabled, access end, deletion) is absent.
    expect(users.json<{ data: { users: PanelUser[] } }>().data.users).toContainEqual(
      expect.objectContaining({ username: beta.user, name: betaOnly[1], roles: ['SUPPORT'], disabled: false, accessEnd: null }),
    );
    const keys = await call(t, { url: '/services/apiKeys', as: asBeta });
    expect(keys.json()).toMatchObject({ data: { apiKeys: [{ id: beta.keyId, revokedAt: null }] } });
    const [session] = await t.database.db.select().from(accountSessions).where(eq(accountSessions.sessionId, beta.sessionId));
    expect(session?.endedAt).toBeNull();
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.credentialId, beta.passkeyId))).toHaveLength(1);
  });
});
