import { z } from 'zod';
import { messageTexts } from '../messages';
import type { JsonSchema } from './openapi-types';
import { namedResponseSchemas } from './responses/entities';
import type { ApiRoute } from './route';

/*
 * The document's schemas, from zod 4's own JSON Schema output (`z.toJSONSchema`, draft 2020-12, the
 * dialect of OpenAPI 3.1). Answers are read as zod outputs them, requests as zod takes them in
 * (coerced numbers, defaults): two registries, each converted in one pass so that its named schemas
 * become `$ref`s to `#/components/schemas/…`.
 */

export const componentRef = (id: string): JsonSchema => ({ $ref: `#/components/schemas/${id}` });

const pascal = (operationId: string) => operationId.charAt(0).toUpperCase() + operationId.slice(1);

/** The component id of each route's `data` and body: a named schema's name, else the operation's. */
export interface SchemaIds {
  data: Map<ApiRoute, string>;
  body: Map<ApiRoute, string>;
}

type Registry = z.core.$ZodRegistry<{ id: string }>;

function register(registry: Registry, ids: Map<z.ZodType, string>, schema: z.ZodType, id: string): string {
  const known = ids.get(schema);
  if (known !== undefined) return known;
  registry.add(schema, { id });
  ids.set(schema, id);
  return id;
}

/** JSON Schema of every component of a registry, without the keywords a standalone schema carries. */
function convert(registry: Registry, io: 'input' | 'output'): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, { io, uri: (id) => componentRef(id).$ref ?? id, unrepresentable: 'any' });
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
    out[id] = rest;
  }
  return out;
}

/** The envelope and its messages: the shape of every answer but the document itself and the CSV files. */
function envelopeSchemas(): Record<string, JsonSchema> {
  const keys = Object.keys(messageTexts);
  const messages: JsonSchema = { type: 'array', items: componentRef('Message') };
  return {
    MessageKey: {
      type: 'string',
      description: 'A stable key for a message; translate it, or show `defaultMessage`. `x-enum-descriptions` gives the English texts.',
      enum: keys,
      'x-enum-descriptions': Object.values(messageTexts),
    },
    Message: {
      type: 'object',
      properties: {
        messageKey: componentRef('MessageKey'),
        defaultMessage: {
          type: 'string',
          description:
            'The text in the language `Accept-Language` prefers among `en`, `nl`, `fr` and `de` (English when it names none of them), its `{{params}}` filled in.',
        },
        field: { type: 'string', description: 'The field the message is about (`address.city`, `ipAddresses.3`), when it is about one.' },
        params: { type: 'object', additionalProperties: { type: ['string', 'number'] }, description: 'Values the text interpolates, such as `max`.' },
      },
      required: ['messageKey', 'defaultMessage'],
    },
    Envelope: {
      type: 'object',
      description: 'Every JSON answer: `data` (null on failure) and `messages` (empty on most successes).',
      properties: { data: { description: "The call's answer; null on failure." }, messages },
      required: ['data', 'messages'],
    },
    ErrorEnvelope: {
      type: 'object',
      description: 'A failure: no data, and at least one message saying why.',
      properties: { data: { type: 'null' }, messages: { ...messages, minItems: 1 } },
      required: ['data', 'messages'],
    },
  };
}

/** Every component schema of the document, and the id each route's `data` and body go by. */
export function componentSchemas(routes: readonly ApiRoute[]): { schemas: Record<string, JsonSchema>; ids: SchemaIds } {
  const answers: Registry = z.registry<{ id: string }>();
  const requests: Registry = z.registry<{ id: string }>();
  const answerIds = new Map<z.ZodType, string>();
  const requestIds = new Map<z.ZodType, string>();
  for (const [id, schema] of Object.entries(namedResponseSchemas)) register(answers, answerIds, schema, id);
  const ids: SchemaIds = { data: new Map(), body: new Map() };
  for (const route of routes) {
    if (route.answer.kind === 'json' && route.answer.data)
      ids.data.set(route, register(answers, answerIds, route.answer.data, `${pascal(route.operationId)}Response`));
    if (route.body) ids.body.set(route, register(requests, requestIds, route.body, `${pascal(route.operationId)}Request`));
  }
  return { schemas: { ...envelopeSchemas(), ...convert(answers, 'output'), ...convert(requests, 'input') }, ids };
}

/** A query's or path's object schema as zod takes it in: one JSON Schema per parameter, and which are required. */
export function parameterSchemas(schema: z.ZodObject): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return { properties: json.properties ?? {}, required: new Set(json.required ?? []) };
}
