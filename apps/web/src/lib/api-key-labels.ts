import type { ApiKeyScope } from '@registrar-panel/contract';
import type { TFunction } from './translator';

/*
 * The words for an API key that more than one feature shows: the API keys page (users) and the
 * registrar's history. Their texts are the shell's (`app/en.json`), loaded on every page.
 */

/** A scope in words: 'Registrations', 'Billing lines', 'Domain report'. */
export function scopeLabel(t: TFunction, scope: ApiKeyScope): string {
  return t(`app.apiKey.scope.${scope}`);
}

/** What a key without allowed addresses may be used from: 'Any address'. */
export function anyAddressLabel(t: TFunction): string {
  return t('app.apiKey.anyAddress');
}
