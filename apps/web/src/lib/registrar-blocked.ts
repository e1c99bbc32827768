import type { Message, MessageKey } from '@registrar-panel/contract';
import { createStore } from './store';

/**
 * The API's answers to every call once the caller may not use the portal any more (403): the
 * registry has blocked (or deleted) the caller's registrar (the server's registrar status policy),
 * or the caller's own access end day has passed (the server's auth plugin, which also ends the
 * identity service's session). No page can do anything then: the shell shows one page-level
 * notice with a way to sign out (app/registrar-blocked.tsx) instead of an alert per call, and
 * never sends the user to sign in again, which would only bring the same refusal back.
 */
export const accessRefusalKeys = ['registrar.accessBlocked', 'access.ended'] as const satisfies readonly MessageKey[];
export type AccessRefusal = (typeof accessRefusalKeys)[number];

const isAccessRefusal = (key: string): key is AccessRefusal => (accessRefusalKeys as readonly string[]).includes(key);

/** Set by the first call that answers one of `accessRefusalKeys`; only a new start of the app clears it. */
export const accessRefused = createStore<AccessRefusal | null>(null);

/** Notes a refusal of all access if the answer's messages say so; true when they did (nothing else to show then). */
export function noteAccessRefused(messages: readonly Message[] | null): boolean {
  const refusal = messages?.map((message) => message.messageKey).find(isAccessRefusal);
  if (!refusal) return false;
  accessRefused.set(refusal);
  return true;
}
