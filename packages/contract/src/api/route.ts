import type { z } from 'zod';
import type { ApiKeyScope } from '../api-keys';
import type { MessageKey } from '../messages';
import type { Capability } from '../roles';

/*
 * One `/services` route as the OpenAPI document describes it (api/routes.ts lists them all). The
 * document is generated from these entries (api/openapi.ts); a server test compares them with the
 * routes Fastify registered, so that neither can change alone.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The document's groups, in the order a reader meets them. */
export const apiTags = {
  registrations: {
    name: 'Registrations',
    description: "The registrar's registrations: search, export, the portfolio overview, one registration, its transfer and contacts, the domain report.",
  },
  registrar: { name: 'Registrar', description: "The caller's own registrar: its data, contacts and protected transactions." },
  billing: { name: 'Billing', description: 'Billing lines of a month, as JSON or CSV.' },
  epp: {
    name: 'EPP',
    description: "The registrar's EPP access: the IP allow-list, the password and its life, the client certificates, and the connections the registry saw.",
  },
  users: { name: 'Users', description: "User management: the registrar's panel users (ADMIN only)." },
  history: { name: 'History', description: "The registrar's history: every change, sign-in and download." },
  apiKeys: { name: 'API keys', description: "Keys for the registrar's own tooling (ADMIN only)." },
  webhooks: { name: 'Webhooks and events', description: "The registrar's event stream, and webhook endpoints it is pushed to (ADMIN only)." },
  messages: {
    name: "The registry's messages",
    description: 'The inbox and the bell: what the registry tells the registrar, read marks per user, announcements.',
  },
  session: { name: 'Session', description: "The portal's settings and the signed-in user's own account." },
  reference: { name: 'Reference', description: 'This document.' },
} as const;
export type ApiTag = keyof typeof apiTags;

/**
 * Who may call a route: any user whose roles grant the capability (roles.ts), any signed-in user,
 * or anyone (no token).
 */
export type ApiAccess = Capability | 'signedIn' | 'public';

/** Statuses a route can answer besides its success; each with the message keys it can carry. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502;

/** A JSON answer in the envelope: `data` as the schema says (or null), `messages` usually empty. */
export interface JsonAnswer {
  kind: 'json';
  status: 200 | 201;
  /** The schema of `data`; null when `data` is always null. */
  data: z.ZodType | null;
  description: string;
  /** Message keys a successful answer may carry (a notice, not an error). */
  messages?: readonly MessageKey[];
}

/** A CSV file (UTF-8, CRLF, a header row), offered for download. */
export interface CsvAnswer {
  kind: 'csv';
  description: string;
  /** The name the file is offered under (Content-Disposition), with its placeholders. */
  fileName: string;
  /** Whether the answer says how many rows follow in `x-record-count` before the file streams. */
  recordCount: boolean;
}

/** This document itself, as it is: not in the envelope. */
export interface DocumentAnswer {
  kind: 'openapi';
  description: string;
}

export type ApiAnswer = JsonAnswer | CsvAnswer | DocumentAnswer;

/** A worked example: the values the curl sample and the tests use. */
export interface ApiExample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * Among a route's message keys (its `routeErrors` and its answer's notices), those the web shows its
 * own way instead of as an error alert (spec section 8); every other key stays an alert. The web's
 * client reads these marks by operation id (api/web-handled-keys.ts, its zod-free copy).
 */
export interface WebHandles {
  /** Shown on the form, on the field (or beside the form) they concern: `unsafe.password` on the new password. */
  field?: readonly MessageKey[];
  /** Expected and no error to the user: `no.transfer.history`. */
  ignored?: readonly MessageKey[];
  /** Answered with something of the web's own instead of the server's text: a new sign-in, the spec's wording. */
  replaced?: readonly MessageKey[];
}

export interface ApiRoute {
  /** Unique, for tools that generate a client: `searchRegistrations`. */
  operationId: string;
  method: ApiMethod;
  /** As Fastify registers it, without `/services`: `/domains/:domainName`. */
  path: string;
  tag: ApiTag;
  /** One line. */
  summary: string;
  /** What a registrar's developer needs to know to call it. */
  description: string;
  access: ApiAccess;
  /**
   * The scope an API key needs to call the route; without it no key may (403). Only reads carry
   * one, and a scope's capability (api-keys.ts `apiKeyScopeCapabilities`) is the entry's `access`
   * (a contract test holds the two together), so a key's scope is its only check.
   */
  apiKeyScope?: ApiKeyScope;
  /**
   * A change that touches none of the registrar's data (the caller's own password reset mail,
   * revoking an API key): the registrar status gate lets it through for a suspended registrar. Not written
   * on an entry: `apiRoutes` sets it from `changesAllowedWhileSuspended` (registrar-status.ts).
   */
  allowedWhileSuspended?: true;
  /**
   * A change that could hand another user's account to someone else (their e-mail, their 2-step
   * verification): the caller must have signed in within the recent-authentication window (the
   * token's `auth_time`), else 403 `error.recentSignInRequired`, before the body is read.
   */
  recentAuthentication?: true;
  /**
   * `'replica'`: a read that tolerates a few seconds of lag (searches, exports, lists, reports) and
   * may be answered by a streaming replica, unless the caller wrote since the replica's position
   * (read-your-writes). Unset: the primary. The server's one switch for it (plugins/api-routes.ts).
   */
  reads?: 'replica';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * A body whose rules bound a day by today (Brussels): its schema for that day, which the server
   * parses with; `body` is it for a fixed day, for the document (the bound is said in words) and the
   * types. Written once through `datedBody(…)`.
   */
  bodyOn?: (today: string) => z.ZodType;
  /** Descriptions of parameters and body fields by name: the contract's input schemas carry none. */
  fields?: Readonly<Record<string, string>>;
  answer: ApiAnswer;
  /** Message keys the service answers, by status, besides those every route and its schemas give. */
  errors?: Partial<Record<ErrorStatus, readonly MessageKey[]>>;
  /** The keys the web shows its own way, from `web-handled-keys.ts` (none: every message is an error alert). */
  webHandles?: WebHandles;
  example?: ApiExample;
  /**
   * The answer holds registrants' or registry contacts' personal data (docs/decisions.md, "Who looked
   * at personal data"): every successful answer is one entry of the registrar's personal-data log,
   * which only its ADMIN users see in the history. Written once per entry through `personalDataIn(…)`.
   */
  personalData?: PersonalDataMark;
}

/** How an answer's personal data is counted for the log: its rows, and the contact handles it shows (the views of one registration or contact). */
export interface PersonalDataMark {
  rows: (data: unknown) => number;
  handles?: (data: unknown) => readonly string[];
}

/**
 * A route's `personalData` mark, typed by its answer's schema. The server calls it with the handler's
 * answer, which the entry types with the same schema.
 */
export function personalDataIn<S extends z.ZodType>(
  _answer: S,
  mark: { rows: (data: z.output<S>) => number; handles?: (data: z.output<S>) => readonly string[] },
): PersonalDataMark {
  // Narrowed to `unknown` for the loop over the table: the handler's answer is this schema's output.
  return mark as unknown as PersonalDataMark;
}

/**
 * The `body` and `bodyOn` of an entry whose body bounds a day by today: the schema's factory, written
 * once. The day of the document's schema is any day: only the bound's words reach the document.
 */
export function datedBody<S extends z.ZodType>(schemaOn: (today: string) => S): { body: S; bodyOn: (today: string) => S } {
  return { body: schemaOn('1970-01-01'), bodyOn: schemaOn };
}

/** `GET /domains/search`: how routes are named in the drift test and in messages. */
export function routeKey(route: Pick<ApiRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}
