import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiKeyScopeCapabilities } from '../api-keys';
import { domainSearchQuerySchema } from '../domains';
import { messageKeysOf } from './message-keys-of';
import { openApiDocument, openApiPath } from './openapi';
import { routeErrors } from './route-errors';
import { routeKey } from './route';
import { apiRoutes } from './routes';

const document = openApiDocument({ serverUrl: 'https://portal.example/services', tld: 'be', version: '1.2.3' });
const operation = (method: string, path: string) => document.paths[openApiPath(path)]?.[method.toLowerCase() as 'get'];

describe('messageKeysOf', () => {
  it("reads each rule's key, and `validation.unknown` for a rule without one", () => {
    const schema = z.object({
      name: z.string({ error: 'validation.required' }).trim().max(5, { error: 'validation.maxLength' }),
      size: z.coerce.number().int({ error: 'error.badRequest' }).optional(),
    });
    expect([...messageKeysOf(schema, { root: false })].sort()).toEqual([
      'error.badRequest',
      'validation.maxLength',
      'validation.required',
      'validation.unknown',
    ]);
  });

  it("follows wrappers and refinements: the search's query", () => {
    expect([...messageKeysOf(domainSearchQuerySchema, { root: false })]).toEqual(
      expect.arrayContaining(['search.domain.name.empty.input', 'search.domain.name.invalid', 'search.filter.invalid', 'search.filter.expiryRange']),
    );
  });
});

describe('the route table', () => {
  it('has unique routes and operation ids', () => {
    expect(new Set(apiRoutes.map(routeKey)).size).toBe(apiRoutes.length);
    expect(new Set(apiRoutes.map((route) => route.operationId)).size).toBe(apiRoutes.length);
  });

  it("opens to an API key only reads, each under the scope whose capability is the entry's access", () => {
    const keyRoutes = apiRoutes.filter((route) => route.apiKeyScope !== undefined);
    expect(keyRoutes.length).toBe(22);
    for (const route of keyRoutes) {
      expect(route.method, routeKey(route)).toBe('GET');
      expect(route.apiKeyScope && apiKeyScopeCapabilities[route.apiKeyScope], routeKey(route)).toBe(route.access);
    }
  });

  it('parses a dated body with the schema of the day it is given, and documents the same shape', () => {
    const accessEnd = apiRoutes.find((route) => route.operationId === 'setUserAccessEnd');
    expect(accessEnd?.bodyOn?.('2026-05-10').safeParse({ accessEnd: '2026-05-09' }).success).toBe(false);
    expect(accessEnd?.bodyOn?.('2026-05-10').safeParse({ accessEnd: '2026-05-10' }).success).toBe(true);
    expect(accessEnd?.body && z.toJSONSchema(accessEnd.body)).toEqual(accessEnd?.bodyOn && z.toJSONSchema(accessEnd.bodyOn('2026-05-10')));
  });

  it('gives a change the suspended and body statuses, and a read neither', () => {
    const put = apiRoutes.find((route) => routeKey(route) === 'PUT /registrar');
    const get = apiRoutes.find((route) => routeKey(route) === 'GET /registrar');
    expect(put && routeErrors(put).get(403)).toContain('registrar.suspended');
    expect(put && [...routeErrors(put).keys()]).toEqual([400, 401, 403, 404, 409, 413, 415, 429, 500]);
    expect(get && routeErrors(get).get(403)).toEqual(['error.forbidden', 'registrar.accessBlocked']);
  });
});

describe('openApiDocument', () => {
  it('is OpenAPI 3.1 with the server, the title and the version given', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: '.be Registrar Panel API', version: '1.2.3' });
    expect(document.servers).toEqual([{ url: 'https://portal.example/services' }]);
  });

  it('marks the routes API keys may use with their scope, and gives them a curl sample with a key', () => {
    expect(operation('GET', '/registrar/finance/billingLines')?.['x-api-key-scope']).toBe('billing');
    expect(operation('GET', '/users')?.['x-api-key-scope']).toBeUndefined();
    expect(operation('GET', '/domains/search')?.['x-codeSamples'][0]?.source).toBe(
      `curl --fail-with-body \\\n  -H "Authorization: Bearer $RP_API_KEY" \\\n  'https://portal.example/services/domains/search?ulabel=shop*&page=0&size=100'`,
    );
  });

  it('fills in path parameters, the TLD and a JSON body in the samples', () => {
    expect(operation('GET', '/domains/:domainName')?.['x-codeSamples'][0]?.source).toContain(`'https://portal.example/services/domains/example.be'`);
    const put = operation('PUT', '/registrar/epp/ip');
    expect(put?.['x-codeSamples'][0]?.source).toContain(`--data '{"ipAddresses":["192.0.2.10","2001:db8::10"]}'`);
    expect(put?.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ReplaceEppIpAddressesRequest' });
  });

  it("describes a body's fields from the route's descriptions", () => {
    const body = document.components.schemas.UpdatePublicContactRequest;
    expect(body?.properties?.address?.properties?.countryCode?.description).toBe('ISO 3166-1 alpha-2, upper case.');
    expect(body?.required).toEqual(expect.arrayContaining(['organization', 'email', 'phone', 'url', 'address']));
  });

  it('answers a CSV as text/csv with its record count, and the rest in the envelope', () => {
    const report = operation('GET', '/registrar/:handle/report/domains/csv')?.responses['200'];
    expect(Object.keys(report?.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(report?.headers ?? {})).toEqual(['content-disposition', 'x-record-count']);
    expect(operation('GET', '/transfer/:domainName')?.responses['200']?.['x-message-keys']).toEqual(['no.transfer.history']);
  });
});
