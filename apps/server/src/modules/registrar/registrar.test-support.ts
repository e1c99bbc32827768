import type { PanelRole } from '@registrar-panel/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/test-app';

export interface CallOptions {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: string;
  /** Who calls; without it the call carries no token. */
  as?: { username: string; roles?: PanelRole[] };
  body?: unknown;
  query?: Record<string, string>;
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
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

export const allRoles: PanelRole[] = ['SUPPORT', 'TECH', 'FINANCE', 'ADMIN'];
