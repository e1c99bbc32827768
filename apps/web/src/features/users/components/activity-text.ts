import type { TFunction } from 'i18next';
import i18next from 'i18next';

/**
 * What an activity status means to a person: a translated sign-in outcome or audited action.
 * A failed sign-in reason without its own text reads as a failed sign-in; an audit action without
 * a text shows as it is, so nothing is ever hidden.
 */
export function activityText(t: TFunction, status: string): string {
  const key = `users.activity.${status}`;
  if (i18next.exists(key)) return t(key);
  if (status.startsWith('signIn.')) return t('users.activity.signIn.failed');
  return status;
}
