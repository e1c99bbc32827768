import type { Message, MessageKey } from '@registrar-panel/contract';
import { createStore } from './store';

/** The API's refusal of a change while the registrar is suspended (403; the contract's registrar status rule). */
export const registrarSuspendedKey: MessageKey = 'registrar.suspended';

/**
 * How many refusals for a suspended registrar the API has answered: the status lookup
 * (lib/registrar-status.ts) asks again on each, so a registrar the registry suspended while the user
 * worked gets its notice and disabled controls at the first refused change.
 */
export const suspendedRefusals = createStore(0);

/** Counts a refusal if the answer's messages hold one (the alert still shows: it answers what the user just did). */
export function noteRegistrarSuspended(messages: readonly Message[] | null): void {
  if (messages?.some((message) => message.messageKey === registrarSuspendedKey)) suspendedRefusals.set(suspendedRefusals.get() + 1);
}
