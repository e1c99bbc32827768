import type { TFunction } from '../../../lib/translator';
import translator from '../../../lib/translator';

/**
 * What an activity status means to a person: a translated sign-in outcome or audited action.
 * A failed sign-in reason without its own text reads as a failed sign-in; an audit action without
 * a text shows as it is, so nothing is ever hidden.
 */
export function activityText(t: TFunction, status: string): string {
  const key = `users.activity.${status}`;
  if (translator.exists(key)) return t(key);
  if (status.startsWith('signIn.')) return t('users.activity.signIn.failed');
  return status;
}
