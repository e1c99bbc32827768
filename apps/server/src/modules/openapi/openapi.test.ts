import { domainToASCII } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilities, isMessageKey, panelRoles, type PanelRole } from '@registrar-panel/contract';
import {
  apiRoutes,
  openApiDocument,
  openApiPath,
  routeKey,
  type ApiRoute,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
} from '@registrar-panel/contract/api';
import serverPackage from '../../../package.json' with { type: 'json' };
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createContact, createDomain } from '../registrations/registrations.test-support';
import { openApiProblems } from './openapi-structure.test-support';
import { requestOf } from './route-requests.test-support';

/*
 * The OpenAPI document cannot drift from the API: every route Fastify registers under
 * /services is described and every described route is registered; the routes API keys may call are
 * marked, and no other; the document holds together as OpenAPI 3.1; its message keys exist; who may
 * call a route is what the server enforces; and a real answer fits its documented schema.
 */

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp({ tld: 'be' });
  const res = await t.app.inject({ url: '/services/openapi.json' });
  document = res.json<OpenApiDocument>();
});
afterAll(async () => t?.close());

const operations = (): [string, OpenApiOperation][] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, OpenApiOperation] => [`${method.toUpperCase()} ${path}`, operation]),
  );
const operationOf = (key: string): OpenApiOperation | undefined => {
  const [method = '', path = ''] = key.split(' ');
  return document.paths[openApiPath(path)]?.[method.toLowerCase() as 'get'];
};

describe('the document and the registered routes', () => {
  // The table's routes are registered from it (plugins/api-routes.ts); what remains to check is that
  // nothing else is registered under /services, which would escape its checks and its description.
  it('has nothing registered under /services but the route table, each entry once', () => {
    const registered = t.app.apiRouteList.map((route) => routeKey({ method: route.method as 'GET', path: route.path }));
    expect(
      t.app.apiRouteList.filter((route) => !route.fromTable).map((route) => `${route.method} ${route.path}`),
      'registered under /services outside the route table',
    ).toEqual([]);
    expect(registered.sort()).toEqual(apiRoutes.map(routeKey).sort());
  });

  it('has one operation per route of the table, under the OpenAPI form of its path', () => {
    expect(operations().length).toBe(apiRoutes.length);
    for (const route of apiRoutes) expect(operationOf(routeKey(route))?.operationId, routeKey(route)).toBe(route.operationId);
  });
});

describe('API keys in the document', () => {
  const apiKeyRoutes = Object.fromEntries(apiRoutes.filter((route) => route.apiKeyScope !== undefined).map((route) => [routeKey(route), route.apiKeyScope]));

  it('marks every route whose entry has an apiKeyScope with its scope and the apiKey scheme', () => {
    expect(Object.keys(apiKeyRoutes).length).toBe(22);
    for (const [key, scope] of Object.entries(apiKeyRoutes)) {
      const operation = operationOf(key);
      expect(operation, `${key} has an apiKeyScope but is not in the document`).toBeDefined();
      expect(operation?.['x-api-key-scope'], key).toBe(scope);
      expect(operation?.security, key).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
      expect(operation?.['x-codeSamples'][0]?.source, key).toContain('$RP_API_KEY');
    }
  });

  it('marks no other route, and lists the access token on every route but the document itself', () => {
    const marked = operations().filter(([, operation]) => operation['x-api-key-scope'] !== undefined || operation.security.some((s) => 'apiKey' in s));
    expect(marked.map(([key]) => key).sort()).toEqual(
      Object.keys(apiKeyRoutes)
        .map((key) => key.replace(/:(\w+)/g, '{$1}'))
        .sort(),
    );
    for (const [key, operation] of operations()) {
      if (key === 'GET /openapi.json') expect(operation.security).toEqual([]);
      else expect(operation.security[0], key).toEqual({ bearerAuth: [] });
    }
  });
});

describe('the document itself', () => {
  it('is served without a token, as generated once, and revalidates with its ETag', async () => {
    const res = await t.app.inject({ url: '/services/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual(openApiDocument({ serverUrl: 'http://portal.test/services', tld: 'be', version: serverPackage.version }));
    const again = await t.app.inject({ url: '/services/openapi.json', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('holds together as an OpenAPI 3.1 document', () => {
    expect(openApiProblems(document)).toEqual([]);
    expect(document.servers).toEqual([{ url: 'http://portal.test/services' }]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'bearerAuth']);
  });

  it('names only message keys the contract has, and every status of every operation names its keys', () => {
    const named = operations().flatMap(([, operation]) => Object.values(operation.responses).flatMap((response) => response['x-message-keys'] ?? []));
    expect(named.filter((key) => !isMessageKey(key))).toEqual([]);
    expect(document.components.schemas.MessageKey?.enum?.every((key) => typeof key === 'string' && isMessageKey(key))).toBe(true);
    for (const [key, operation] of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) expect(response['x-message-keys']?.length, `${key} ${status}`).toBeGreaterThan(0);
      }
    }
  });

  it('describes the search: its query, its scope, its statuses and keys, and the CSV header of its export', () => {
    const search = operationOf('GET /domains/search');
    expect(search?.parameters.find((p) => p.name === 'ulabel')).toMatchObject({ in: 'query', required: true, schema: { type: 'string', maxLength: 100 } });
    expect(search?.['x-roles']).toEqual([...capabilities.readRegistrations]);
    expect(Object.keys(search?.responses ?? {})).toEqual(['200', '400', '401', '403', '429', '500']);
    expect(search?.responses['400']?.['x-message-keys']).toEqual(expect.arrayContaining(['search.domain.name.invalid', 'validation.maxLength']));
    expect(search?.responses['403']?.['x-message-keys']).toEqual(['error.forbidden', 'registrar.accessBlocked']);
    const csv = operationOf('GET /domains/search/csv')?.responses['200'];
    expect(Object.keys(csv?.content ?? {})).toEqual(['text/csv']);
    expect(csv?.headers?.['x-record-count']).toBeDefined();
  });
});

describe('who may call each route', () => {
  beforeAll(async () => {
    await createRegistrar(t.database.db, { handle: 'acme' });
  });

  // Every role, one at a time, on every route of the table: a role the entry's access leaves out is
  // refused as the document says; a role it names gets past authorisation (whatever the example then
  // meets: not found, a conflict), so every row asserts. Anyone signed in may call a `signedIn` or
  // public route.
  const rolesAllowed = (route: ApiRoute): readonly PanelRole[] =>
    route.access === 'public' || route.access === 'signedIn' ? panelRoles : capabilities[route.access];
  const cells = apiRoutes.flatMap((route) =>
    panelRoles.map((role) => [routeKey(route), rolesAllowed(route).includes(role) ? 'may' : 'may not', role, route] as const),
  );

  it('has a row for every role on every route of the table', () => {
    expect(cells.length).toBe(apiRoutes.length * panelRoles.length);
    expect(cells.filter(([, may]) => may === 'may not').length).toBeGreaterThan(30);
  });

  it.each(cells)('%s: %s be called by %s', async (_key, may, role, route) => {
    const res = await call(t, { ...requestOf(route, { tld: 'be' }), as: { username: 'someone@acme', roles: [role] } });
    if (may === 'may not') {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ messages: { messageKey: string }[] }>().messages.map((m) => m.messageKey)).toEqual(['error.forbidden']);
    } else {
      expect([401, 403], `${res.statusCode} ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
    }
  });
});

describe('a real answer and its documented schema', () => {
  /** A validator of one operation's answer with a status, its references resolved in the document. */
  function validatorFor(key: string, status: string) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: 'https://portal.test/openapi.json', components: document.components }, 'document');
    const schema = operationOf(key)?.responses[status]?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${key} documents no JSON answer with ${status}`);
    const absolute = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"https://portal.test/openapi.json#/components/')) as JsonSchema;
    return ajv.compile(absolute);
  }

  beforeAll(async () => {
    await createRegistrar(t.database.db, { handle: 'zeta' });
    await createContact(t.database.db, { handle: 'z100', registrarHandle: 'zeta' });
    for (const uLabel of ['shop-zeta.be', 'café-zeta.be']) {
      await createDomain(t.database.db, { uLabel, aLabel: domainToASCII(uLabel), registrarHandle: 'zeta', registrantHandle: 'z100' });
    }
  });

  it("GET /services/domains/search as a SUPPORT user fits the 200's schema", async () => {
    const res = await call(t, { url: '/services/domains/search', query: { ulabel: '*zeta*' }, as: { username: 'support@zeta', roles: ['SUPPORT'] } });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { results: unknown[] } }>();
    expect(body.data.results).toHaveLength(2);
    const validate = validatorFor('GET /domains/search', '200');
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // The check has teeth: an answer missing a field does not fit.
    expect(validate({ ...body, data: { ...body.data, totalResults: undefined } })).toBe(false);
  });

  it("a refused search fits the 400's schema, with a key the document lists for it", async () => {
    const res = await call(t, { url: '/services/domains/search', query: { ulabel: 'no spaces' }, as: { username: 'support@zeta', roles: ['SUPPORT'] } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ messages: { messageKey: string }[] }>();
    const validate = validatorFor('GET /domains/search', '400');
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    for (const { messageKey } of body.messages) expect(operationOf('GET /domains/search')?.responses['400']?.['x-message-keys']).toContain(messageKey);
  });
});
