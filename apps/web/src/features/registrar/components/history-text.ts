import type { TFunction } from '../../../lib/translator';
import translator from '../../../lib/translator';

/** The key of an action's text; every audit action of the contract has one (history-text.test.ts). */
export const historyActionKey = (action: string) => `registrar.history.action.${action}`;

/**
 * What a history entry's action means to a person. A sign-in failure reason without a text of its
 * own reads as a failed sign-in; an action without a text shows as it is, so nothing is hidden.
 */
export function historyActionText(t: TFunction, action: string): string {
  const key = historyActionKey(action);
  if (translator.exists(key)) return t(key);
  if (action.startsWith('signIn.')) return t('registrar.history.action.signIn.failed');
  return action;
}
