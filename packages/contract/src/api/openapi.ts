import { apiKeyPrefix } from '../api-keys';
import { recordCountHeader } from '../registrar';
import { capabilities, panelRoles } from '../roles';
import { componentRef, componentSchemas, parameterSchemas, type SchemaIds } from './openapi-schemas';
import { curlSample, withTld } from './openapi-samples';
import type { JsonSchema, OpenApiDocument, OpenApiMethod, OpenApiOperation, OpenApiParameter, OpenApiResponse } from './openapi-types';
import { apiTags, type ApiRoute, type ErrorStatus } from './route';
import { routeErrors } from './route-errors';
import { apiRoutes } from './routes';

export interface OpenApiOptions {
  /** Where `/services` is reached: `{PUBLIC_URL}/services`. */
  serverUrl: string;
  /** The registry's top-level domain, for the title and the examples. */
  tld: string;
  /** The API's version (the server's). */
  version: string;
}

/** `/domains/:domainName` → `/domains/{domainName}`. */
export const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, '{$1}');

const statusTexts: Record<ErrorStatus, string> = {
  400: 'The request is not valid; a message about one field names it in `field`.',
  401: 'No valid access token or API key (missing, expired, revoked, or a key used from an address it does not allow).',
  403: "Not allowed: the caller's roles or the key's scopes do not grant it, or the registrar's status forbids it.",
  404: 'Not found: it does not exist, or belongs to another registrar (the answer does not tell which).',
  409: 'The change conflicts with the saved state.',
  413: 'The body is larger than the API accepts.',
  415: 'The body is not JSON.',
  429: 'Too many requests: wait the seconds `Retry-After` says.',
  500: 'An internal error; it is logged with the request id (`x-request-id`).',
  502: 'A mail could not be sent; try again later.',
};

const introduction = (tld: string) =>
  [
    `The API of the .${tld} registrar panel: the calls the portal's pages make, for a registrar's own tooling.`,
    '',
    '**Envelope.** Every JSON answer is `{ "data": …, "messages": [] }`. On failure `data` is null and each message has a stable `messageKey` (the `MessageKey` schema lists them all with their English texts), a `defaultMessage` and, for a field, `field`. Each operation lists, per status, the keys it can answer (`x-message-keys`).',
    '',
    '**Languages.** `defaultMessage` is in the language `Accept-Language` prefers among English (`en`), Dutch (`nl`), French (`fr`) and German (`de`), weights honoured; a header naming none of them, `*`, or none at all gets English. `messageKey`, `field` and `params` are the same in every language, and so is the rest of an answer but the country names; each answer says its language in `Content-Language` and varies by `Accept-Language`.',
    '',
    "**Access.** Every call but this document needs `Authorization: Bearer …`: the portal's access token (`bearerAuth`), or, on the operations marked `x-api-key-scope`, an API key (`apiKey`) that an ADMIN creates on the API keys page. Every call is scoped to the caller's registrar: another registrar's identifiers answer 404 (or 403 for the domain report). `x-roles` names the roles that may call an operation.",
    '',
    '**Limits.** Requests are counted per address, per user and per API key; past a limit the answer is 429 with `Retry-After`.',
    '',
    '**Time.** Timestamps are ISO 8601 in UTC; days (`YYYY-MM-DD`) are days in Brussels.',
  ].join('\n');

function parameters(route: ApiRoute, tld: string): OpenApiParameter[] {
  const example = withTld(route.example ?? {}, tld);
  const of = (location: 'path' | 'query', schema: ApiRoute['params']): OpenApiParameter[] => {
    if (!schema) return [];
    const { properties, required } = parameterSchemas(schema);
    return Object.entries(properties).map(([name, { description, ...rest }]) => {
      const value = (location === 'path' ? example.params : example.query)?.[name];
      const text = route.fields?.[name] ?? description;
      return {
        name,
        in: location,
        required: location === 'path' || required.has(name),
        ...(text === undefined ? {} : { description: text }),
        schema: rest,
        ...(value === undefined ? {} : { example: value }),
      };
    });
  };
  return [...of('path', route.params), ...of('query', route.query)];
}

/** Puts the route's field descriptions on its body schema (`address.countryCode` reaches into `address`). */
function describeBody(schema: JsonSchema | undefined, fields: ApiRoute['fields']): void {
  for (const [path, text] of Object.entries(fields ?? {})) {
    let node = schema;
    for (const name of path.split('.')) node = node?.properties?.[name];
    if (node) node.description = text;
  }
}

function successResponse(route: ApiRoute, ids: SchemaIds): Record<string, OpenApiResponse> {
  const { answer } = route;
  if (answer.kind === 'csv') {
    const headers: OpenApiResponse['headers'] = {
      'content-disposition': { description: `\`attachment; filename="${answer.fileName}"\``, schema: { type: 'string' } },
    };
    if (answer.recordCount)
      headers[recordCountHeader] = { description: 'How many rows follow the header row, sent before the file streams.', schema: { type: 'integer' } };
    return {
      200: {
        description: answer.description,
        headers,
        content: { 'text/csv': { schema: { type: 'string', description: 'UTF-8, CRLF line ends, a header row first.' } } },
      },
    };
  }
  if (answer.kind === 'openapi') {
    return {
      200: {
        description: answer.description,
        headers: { etag: { description: 'Send it back in `If-None-Match` to revalidate.', schema: { type: 'string' } } },
        content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document.' } } },
      },
      304: { description: 'Unchanged since the `ETag` sent in `If-None-Match`.' },
    };
  }
  const id = ids.data.get(route);
  const data: JsonSchema = id === undefined ? { type: 'null' } : componentRef(id);
  const schema: JsonSchema = {
    type: 'object',
    properties: { data, messages: { type: 'array', items: componentRef('Message') } },
    required: ['data', 'messages'],
  };
  return {
    [answer.status]: {
      description: answer.description,
      content: { 'application/json': { schema } },
      ...(answer.messages ? { 'x-message-keys': [...answer.messages] } : {}),
    },
  };
}

function errorResponses(route: ApiRoute): Record<string, OpenApiResponse> {
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, keys] of routeErrors(route)) {
    responses[status] = {
      description: statusTexts[status],
      content: { 'application/json': { schema: componentRef('ErrorEnvelope') } },
      'x-message-keys': keys,
      ...(status === 429 ? { headers: { 'retry-after': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } } } : {}),
    };
  }
  return responses;
}

/** Said on every operation whose entry is marked `personalData`. */
const personalDataNote =
  "Its answer holds registrants' or contacts' personal data: each call is recorded in the registrar's personal-data log (who, when, from which address, the parameters, the rows answered), which its ADMIN users read in the history.";

function operation(route: ApiRoute, ids: SchemaIds, schemas: Record<string, JsonSchema>, options: OpenApiOptions): OpenApiOperation {
  const scope = route.apiKeyScope;
  const bodyId = ids.body.get(route);
  if (bodyId !== undefined) describeBody(schemas[bodyId], route.fields);
  const access =
    route.access === 'public'
      ? {}
      : route.access === 'signedIn'
        ? { 'x-roles': [...panelRoles] }
        : { 'x-capability': route.access, 'x-roles': [...capabilities[route.access]] };
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.personalData ? `${route.description} ${personalDataNote}` : route.description,
    tags: [apiTags[route.tag].name],
    security: route.access === 'public' ? [] : [{ bearerAuth: [] }, ...(scope ? [{ apiKey: [] }] : [])],
    parameters: parameters(route, options.tld),
    ...(bodyId === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: componentRef(bodyId),
                ...(route.example?.body === undefined ? {} : { example: withTld(route.example.body, options.tld) }),
              },
            },
          },
        }),
    responses: { ...successResponse(route, ids), ...errorResponses(route) },
    ...access,
    ...(scope ? { 'x-api-key-scope': scope } : {}),
    'x-codeSamples': [
      { lang: 'Shell', label: 'curl', source: curlSample(route, { serverUrl: options.serverUrl, tld: options.tld, byApiKey: scope !== undefined }) },
    ],
  };
}

/**
 * The OpenAPI 3.1 document of every `/services` route (api/routes.ts), built from the contract's
 * zod schemas. The server builds it once at start and serves it at `/services/openapi.json`.
 */
export function openApiDocument(options: OpenApiOptions, routes: readonly ApiRoute[] = apiRoutes): OpenApiDocument {
  const { schemas, ids } = componentSchemas(routes);
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase() as OpenApiMethod] = operation(route, ids, schemas, options);
  }
  return {
    openapi: '3.1.0',
    info: { title: `.${options.tld} Registrar Panel API`, version: options.version, description: introduction(options.tld) },
    servers: [{ url: options.serverUrl }],
    tags: Object.values(apiTags).map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "The portal's OpenID Connect access token of a signed-in panel user, as the portal's pages send it; it lasts minutes. Every operation but this document takes it.",
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${apiKeyPrefix}<id>_<secret>`,
          description: `An API key an ADMIN created on the API keys page, sent as \`Authorization: Bearer ${apiKeyPrefix}…\`. Only on the operations marked \`x-api-key-scope\`, with that scope: 401 when the key is unknown, revoked, expired or used from an address it does not allow; 403 on any other operation.`,
        },
      },
    },
  };
}
