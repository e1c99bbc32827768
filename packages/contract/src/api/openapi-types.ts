import type { ApiKeyScope } from '../api-keys';
import type { PanelRole } from '../roles';

/*
 * The part of an OpenAPI 3.1 document this API's document uses, typed for the generator
 * (api/openapi.ts) and for the web's reference page, which reads the document as served.
 */

/** A JSON Schema (draft 2020-12), as OpenAPI 3.1 takes it. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  [keyword: string]: unknown;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
  example?: unknown;
}

export interface OpenApiHeader {
  description: string;
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiHeader>;
  content?: Record<string, OpenApiMediaType>;
  /** The message keys the answer's envelope can carry with this status (messages.ts). */
  'x-message-keys'?: string[];
}

export interface OpenApiCodeSample {
  lang: string;
  label: string;
  source: string;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** Empty: no token needed. Otherwise any one of the schemes listed. */
  security: Record<string, string[]>[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
  /** The capability of the role table (roles.ts) the caller's roles must grant; absent when any signed-in user may call. */
  'x-capability'?: string;
  /** The roles that may call it; absent when no token is needed. */
  'x-roles'?: PanelRole[];
  /** The scope an API key needs to call it; absent when no key may (the entry's `apiKeyScope`). */
  'x-api-key-scope'?: ApiKeyScope;
  'x-codeSamples': OpenApiCodeSample[];
}

export type OpenApiMethod = 'get' | 'post' | 'put' | 'delete';

export interface OpenApiSecurityScheme {
  type: 'http';
  scheme: 'bearer';
  bearerFormat: string;
  description: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<OpenApiMethod, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, OpenApiSecurityScheme>;
  };
}
