import type { LightMyRequestResponse } from 'fastify';
import type { Message } from '@registrar-panel/contract';
import type { TokenClaims } from '../identity/testing/access-tokens';
import type { TestApp } from './test-app';

export interface CallOptions {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: string;
  /** Who calls; without it the call carries no token. */
  as?: TokenClaims;
  body?: unknown;
  query?: Record<string, string>;
  /** The caller's address as the server sees it. */
  remoteAddress?: string;
}

/** One HTTP call through the whole stack, with a token signed like the identity service signs it. */
export async function call(t: TestApp, options: CallOptions): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.as) headers.authorization = `Bearer ${await t.tokenFor(options.as)}`;
  return t.app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers,
    ...(options.query ? { query: options.query } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** The envelope's messages of an answer. */
export function messagesOf(res: LightMyRequestResponse): Message[] {
  return res.json<{ messages: Message[] }>().messages;
}
