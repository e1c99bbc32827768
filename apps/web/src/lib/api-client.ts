import { handledKeysOf, operations, parseLanguage, servicesPrefix, type Envelope, type Message, type OperationId } from '@registrar-panel/contract';
import type { JsonOperationId, RouteAnswer, RouteRequest } from '@registrar-panel/contract/api';
import translator from './translator';
import { alerts } from './alerts';
import { authSession, getAccessToken } from './auth';
import { noteAccessRefused } from './registrar-blocked';
import { noteRegistrarSuspended } from './registrar-suspended';
import { requestEnded, requestStarted } from './spinner';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Message keys the caller shows itself (on a field, or ignored); they are not alerted. */
  handledKeys?: readonly string[];
  /** Alert text when the error body holds no messages; defaults to `error.internal` ('An internal error occurred.'). */
  fallbackError?: string;
  /**
   * No alert at all: the caller shows a failure its own way, and every message comes back in the
   * ApiError (a country lookup that fails leaves the name empty, spec section 8).
   */
  quiet?: boolean;
  /**
   * Not counted toward the spinner overlay: a call the page makes on its own schedule (the bell's
   * poll), which must never cover the page or block a click.
   */
  background?: boolean;
}

/** A failed call. `messages` are those the caller said it handles; the others were alerted already. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: Message[],
  ) {
    super(`HTTP ${status}`);
  }

  has(messageKey: string): Message | undefined {
    return this.messages.find((m) => m.messageKey === messageKey);
  }
}

/** 'An internal error occurred.' in the page's language: a failure that brought no message of its own. */
export const internalErrorText = (): string => translator.t('error.internal');
/** 'Unknown error.' in the page's language: a message the server sent without a text. */
const unknownErrorText = (): string => translator.t('app.unknownError');

export function buildUrl(path: string, query?: ApiRequestOptions['query']): string {
  const url = new URL(path.startsWith('/') ? path : `/${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** Reads the envelope messages from an error body: parsed JSON, or the text parsed as JSON. */
async function messagesOf(response: Response): Promise<Message[] | null> {
  try {
    const text = await response.text();
    const body = JSON.parse(text) as Partial<Envelope<unknown>>;
    return Array.isArray(body.messages) ? body.messages : null;
  } catch {
    return null;
  }
}

/**
 * Shows every message the caller does not handle as an error alert and scrolls to the top
 * (spec section 8); returns the handled ones.
 */
export function alertMessages(messages: Message[], handledKeys: readonly string[] = []): Message[] {
  const handled = messages.filter((m) => handledKeys.includes(m.messageKey));
  const shown = messages.filter((m) => !handledKeys.includes(m.messageKey));
  shown.forEach((m) => alerts.error(m.defaultMessage || unknownErrorText()));
  if (shown.length > 0) window.scrollTo({ top: 0 });
  return handled;
}

/** Headers every `/services` call carries: the bearer token, fresh for at least 20 seconds, and the page's language. */
export async function authHeaders(): Promise<Record<string, string>> {
  const token = await getAccessToken();
  return { ...(token ? { authorization: `Bearer ${token}` } : {}), ...languageHeader() };
}

// The page's language, for the server's messages in it; the pseudo-language asks for English.
const languageHeader = () => ({ 'accept-language': parseLanguage(translator.language) });

/**
 * Calls the API at a path and returns `data`: the engine under `callApi`, which features use. Counts
 * toward the spinner overlay; applies the error catalogue.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  if (!options.background) requestStarted();
  try {
    const headers: Record<string, string> = { accept: 'application/json', ...(await authHeaders()) };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
    });
    if (response.status === 401) {
      await authSession.get()?.signInAgain();
      throw new ApiError(401, []);
    }
    if (!response.ok) {
      const messages = await messagesOf(response);
      // Not an alert: the shell replaces every page with the notice (lib/registrar-blocked.ts).
      if (noteAccessRefused(messages)) throw new ApiError(response.status, []);
      // The registry suspended the registrar meanwhile: every page's notice and disabled controls follow (lib/registrar-status.ts).
      noteRegistrarSuspended(messages);
      if (options.quiet) throw new ApiError(response.status, messages ?? []);
      if (messages === null || messages.length === 0) {
        // A 429 without the envelope comes from a proxy in front: it still means "wait", not "broken".
        alerts.error(response.status === 429 ? translator.t('error.tooManyRequests') : (options.fallbackError ?? internalErrorText()));
        window.scrollTo({ top: 0 });
        throw new ApiError(response.status, []);
      }
      throw new ApiError(response.status, alertMessages(messages, options.handledKeys));
    }
    const body = (await response.json()) as Envelope<T>;
    const handled = options.quiet ? (body.messages ?? []) : alertMessages(body.messages ?? [], options.handledKeys);
    if (handled.length > 0) throw new ApiError(response.status, handled);
    return body.data as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (!options.quiet) alerts.error(options.fallbackError ?? internalErrorText());
    throw new ApiError(0, []);
  } finally {
    if (!options.background) requestEnded();
  }
}

/** A query value as the address carries it: the server's schema reads the text. */
type QueryValue = string | number;
/** The entry's query names (and which of them are required), each value as text or a number. */
type QueryOf<Query> = { [Name in keyof Query]: undefined extends Query[Name] ? QueryValue | undefined : QueryValue };
type Part = 'params' | 'query' | 'body';

/** The path parameters, query and body an operation's entry takes; a part the entry has not is absent. */
export type RequestOf<Id extends OperationId> = {
  [P in Part as RouteRequest<Id>[P] extends undefined ? never : P]: P extends 'query' ? QueryOf<RouteRequest<Id>[P]> : RouteRequest<Id>[P];
};

/** The request as an argument: optional where the operation takes nothing, or nothing required. */
type RequestArgument<Id extends OperationId, Options> = object extends RequestOf<Id> ? [request?: RequestOf<Id> & Options] : [request: RequestOf<Id> & Options];

/** What a call may say besides its request. Which messages it shows its own way comes from the route table (`webHandles`). */
export type CallOptions = Pick<ApiRequestOptions, 'fallbackError' | 'quiet' | 'background'>;

/** A request as the client reads it at run time (its type was checked against the entry by the caller's signature). */
interface LooseRequest {
  params?: Record<string, string>;
  query?: Record<string, QueryValue | undefined>;
  body?: unknown;
}

function addressOf(operationId: OperationId, { params, query }: LooseRequest): string {
  const path = operations[operationId].path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${operationId}: no ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return `${servicesPrefix}${path}${text ? `?${text}` : ''}`;
}

/**
 * An operation's address: `/services` and its path from the contract's map, the path parameters
 * filled in (URI-encoded), then the defined query parameters.
 */
export function apiPath<Id extends OperationId>(operationId: Id, ...[request]: RequestArgument<Id, object>): string {
  return addressOf(operationId, request ?? {});
}

/**
 * Calls an operation by its id: method and path from the contract's map, the request typed by its
 * table entry, the answer's `data` typed by the entry's answer schema. The keys the entry marks for
 * the web (`webHandles`) come back in the ApiError instead of as alerts; every other one is alerted.
 */
export function callApi<Id extends JsonOperationId>(operationId: Id, ...[request]: RequestArgument<Id, CallOptions>): Promise<RouteAnswer<Id>> {
  const { params, query, body, ...options } = (request ?? {}) as LooseRequest & CallOptions;
  return apiRequest<RouteAnswer<Id>>(addressOf(operationId, { params, query }), {
    ...options,
    method: operations[operationId].method,
    body,
    handledKeys: handledKeysOf(operationId),
  });
}
