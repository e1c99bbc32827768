import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMessageKey, panelRoles } from '@registrar-panel/contract';
import { apiRoutes, openApiPath, routeKey, type ApiRoute, type JsonSchema, type OpenApiDocument } from '@registrar-panel/contract/api';
import { createActiveUser } from '../../identity/testing/users';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Property: every date and instant the API reads (a parameter or body field the document marks
 * `format: date` or `format: date-time`) answers a year outside 0001–9999, or text that is no ISO
 * day or instant, with 400 and a message key, never a 5xx, against the real app and database. The
 * fields are found in the document generated from the route table, so a new one is covered as it
 * is added.
 */

const seed = 20261127;

let t: TestApp;
let document: OpenApiDocument;

interface DateField {
  route: ApiRoute;
  in: 'query' | 'body';
  name: string;
  format: 'date' | 'date-time';
}

const isDateFormat = (schema: JsonSchema | undefined): 'date' | 'date-time' | undefined =>
  schema?.format === 'date' || schema?.format === 'date-time' ? schema.format : undefined;

/** The date and instant fields of every route, as the OpenAPI document describes them. */
function dateFields(): DateField[] {
  return apiRoutes.flatMap((route): DateField[] => {
    const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as 'get'];
    const fromQuery = (operation?.parameters ?? []).flatMap((parameter): DateField[] => {
      const format = parameter.in === 'query' ? isDateFormat(parameter.schema) : undefined;
      return format ? [{ route, in: 'query', name: parameter.name, format }] : [];
    });
    const body = operation?.requestBody?.content['application/json']?.schema;
    const resolved = body?.$ref ? document.components.schemas[body.$ref.split('/').at(-1) ?? ''] : body;
    const fromBody = Object.entries(resolved?.properties ?? {}).flatMap(([name, schema]): DateField[] => {
      const format = isDateFormat(schema) ?? schema.anyOf?.map(isDateFormat).find(Boolean);
      return format ? [{ route, in: 'body', name, format }] : [];
    });
    return [...fromQuery, ...fromBody];
  });
}

/** Years the database or the four digits of `YYYY` cannot hold. */
const outOfRange = {
  date: ['0000-01-01', '0000-02-29', '0000-12-31', '10000-01-01', '+010000-01-01', '-000001-01-01'],
  'date-time': [
    '0000-01-01T00:00:00Z',
    '0000-12-31T23:59:59.999Z',
    '0001-01-01T00:30:00+01:00',
    '9999-12-31T23:30:00-01:00',
    '10000-01-01T00:00:00Z',
    '+010000-01-01T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
  ],
};
/** The edges that are in range: answered as any other day (accepted or refused by the field's own rule), never a 5xx. */
const edges = {
  date: ['0001-01-01', '9999-12-31', '2024-02-29'],
  'date-time': ['0001-01-01T00:00:00Z', '0001-01-01T01:00:00+01:00', '9999-12-31T23:59:59.999Z', '9999-12-31T22:59:59-01:00'],
};
/** Text that is no ISO day or instant (an empty parameter is no filter in the history, so it is left out). */
const notIso = ['2026-02-30', '2026-13-01', '2026-1-1', '20260101', '2026/01/01', '01-01-2026', 'today', '1e3', ' 2026-01-01', '2026-01-01T25:00:00Z'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** A day or instant written with any year from 0 to 10000 and months and days a little outside theirs. */
const generated = (format: DateField['format']) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.constantFrom('Z', '+00:00', '+14:00', '-12:00', '+01:30'),
    )
    .map(([year, month, day, offset]) => {
      const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
      return format === 'date' ? text : `${text}T12:00:00${offset}`;
    });

async function send(field: DateField, value: string) {
  const { route } = field;
  const example = route.example ?? {};
  const url = `/services${route.path.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(example.params?.[name] ?? name))}`;
  const query = { ...example.query, ...(field.in === 'query' ? { [field.name]: value } : {}) };
  const body = field.in === 'body' ? { ...(example.body as Record<string, unknown>), [field.name]: value } : example.body;
  const res = await call(t, {
    method: route.method,
    url,
    as: { username: 'admin@acme', roles: [...panelRoles] },
    ...(Object.keys(query).length > 0 ? { query } : {}),
    ...(body === undefined ? {} : { body }),
  });
  const label = `${routeKey(route)} ${field.name}=${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBeLessThan(500);
  return { res, label };
}

async function expectRefused(field: DateField, value: string) {
  const { res, label } = await send(field, value);
  expect(res.statusCode, label).toBe(400);
  const keys = res.json<{ messages: { messageKey: string }[] }>().messages.map((m) => m.messageKey);
  expect(keys.length, label).toBeGreaterThan(0);
  for (const key of keys) expect(isMessageKey(key), label).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp({ tld: 'be' });
  await createRegistrar(t.database.db, { handle: 'acme' });
  await createActiveUser(t.database.db, t.config, { username: 'admin@acme', roles: ['ADMIN'] });
  await createActiveUser(t.database.db, t.config, { username: 'jan@acme', roles: ['SUPPORT'] });
  const res = await t.app.inject({ url: '/services/openapi.json' });
  document = res.json<OpenApiDocument>();
}, 60_000);
afterAll(async () => t?.close());

describe('every date and instant of the route table', () => {
  it('is found in the document: the search, its export and the history read days; the search reads its checkpoint as an instant', () => {
    const found = dateFields().map((field) => `${routeKey(field.route)} ${field.in} ${field.name} ${field.format}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /domains/search query expiresFrom date',
        'GET /domains/search query expiresTo date',
        'GET /domains/search query checkpoint date-time',
        'GET /domains/search/csv query expiresFrom date',
        'GET /domains/search/csv query expiresTo date',
        'GET /registrar/history query from date',
        'GET /registrar/history/csv query to date',
        'PUT /users/:username/accessEnd body accessEnd date',
        'POST /apiKeys body expiresOn date',
      ]),
    );
  });

  it('refuses years 0000 and 10000 and text that is no ISO day with 400 and a message key', async () => {
    for (const field of dateFields()) {
      for (const value of [...outOfRange[field.format], ...notIso]) await expectRefused(field, value);
    }
  });

  it('answers 0001 and 9999 without a 5xx', async () => {
    for (const field of dateFields()) {
      for (const value of edges[field.format]) await send(field, value);
    }
  });

  it('answers any generated year, month and day without a 5xx, and 400 with a message key outside 0001–9999', async () => {
    const fields = dateFields();
    await fc.assert(
      fc.asyncProperty(
        // By index: a counterexample then reads as a number and a value, not as a whole route entry.
        fc.nat({ max: fields.length - 1 }).chain((index) => generated(fields[index]?.format ?? 'date').map((value) => [index, value] as const)),
        async ([index, value]) => {
          const field = fields[index] as DateField;
          const year = Number(value.slice(0, 4));
          if (year === 0 || year > 9999) await expectRefused(field, value);
          else await send(field, value);
        },
      ),
      { numRuns: 150, seed, endOnFailure: true },
    );
  });
});
