import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Message, PanelRole } from '@registrar-panel/contract';
import { auditEvents, users } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

export interface EppCall {
  method?: 'GET' | 'PUT';
  url: string;
  /** Who calls; without it the call carries no token. */
  as?: { username: string; roles?: PanelRole[]; firstName?: string; lastName?: string };
  body?: unknown;
  /** The caller's address as the server sees it. */
  remoteAddress?: string;
}

export const ipUrl = '/services/registrar/epp/ip';
export const passwordUrl = '/services/registrar/epp/password';
export const passwordRequiredUrl = '/services/registrar/epp/password/required';

/** One HTTP call through the whole stack, with a token signed like the identity service signs it. */
export async function call(t: TestApp, options: EppCall): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.as) headers.authorization = `Bearer ${await t.tokenFor(options.as)}`;
  return t.app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

export function messagesOf(res: LightMyRequestResponse): Message[] {
  return res.json<{ messages: Message[] }>().messages;
}

/** A panel user row, as the user directory stores it. */
export async function addUser(t: TestApp, username: string, roles: PanelRole[], email = `${username.replace('@', '.')}@mail.example`): Promise<void> {
  const registrarHandle = username.slice(username.lastIndexOf('@') + 1);
  await t.database.db.insert(users).values({ username, registrarHandle, name: `Name of ${username}`, email, roles, state: 'active' });
}

export async function auditRows(t: TestApp, action: string) {
  return t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(auditEvents.id);
}
