import type { Message, MessageKey } from '@registrar-panel/contract';
import { createStore } from './store';

/**
 * The API's answer to every call once the registry has blocked (or deleted) the caller's registrar
 * (403; the server's registrar status policy). No page can do anything then: the shell shows one
 * page-level notice with a way to sign out (app/registrar-blocked.tsx) instead of an alert per call.
 */
export const registrarBlockedKey: MessageKey = 'registrar.accessBlocked';

/** Set by the first call that answers `registrarBlockedKey`; only a new start of the app clears it. */
export const registrarBlocked = createStore(false);

/** Notes a blocked registrar if the answer's messages say so; true when they did (nothing else to show then). */
export function noteRegistrarBlocked(messages: readonly Message[] | null): boolean {
  if (!messages?.some((message) => message.messageKey === registrarBlockedKey)) return false;
  registrarBlocked.set(true);
  return true;
}
