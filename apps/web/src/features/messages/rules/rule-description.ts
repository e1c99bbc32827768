import { formatNumber, type Language, type NotificationRuleTarget, type SavedSearch } from '@registrar-panel/contract';
import type { TFunction } from '../../../lib/translator';

/*
 * What a rule watches, in words: 'Enters status serverHold', 'Expires within 30 days', 'Saved search
 * *an* (status ok): count at least 100'. The rules page lists rules by it.
 */

/** A saved search's filters in words, in the search page's order, as 'status ok, IDN'. */
export function filtersInWords(t: TFunction, search: Omit<SavedSearch, 'ulabel'>): string[] {
  const words: string[] = [];
  if (search.status) words.push(t('messages.rules.filter.status', { value: search.status }));
  if (search.label) words.push(t('messages.rules.filter.label', { value: t(`messages.rules.label.${search.label}`) }));
  if (search.rgp) words.push(t('messages.rules.filter.rgp', { value: t(`messages.rules.rgp.${search.rgp}`) }));
  if (search.idn) words.push(t('messages.rules.filter.idn'));
  if (search.expiresFrom) words.push(t('messages.rules.filter.expiresFrom', { value: search.expiresFrom }));
  if (search.expiresTo) words.push(t('messages.rules.filter.expiresTo', { value: search.expiresTo }));
  if (search.registrant) words.push(t('messages.rules.filter.registrant', { value: search.registrant }));
  return words;
}

/** A saved search in words: its name pattern, then its filters in brackets when it has any. */
export function savedSearchInWords(t: TFunction, search: SavedSearch): string {
  const filters = filtersInWords(t, search);
  return filters.length > 0 ? `${search.ulabel} (${filters.join(', ')})` : search.ulabel;
}

/** What a rule watches, as one sentence in the page's language. */
export function describeRuleTarget(t: TFunction, target: NotificationRuleTarget, language: Language): string {
  switch (target.kind) {
    case 'entersStatus':
      return t('messages.rules.watch.entersStatus', { status: target.status });
    case 'entersGracePeriod':
      return t('messages.rules.watch.entersGracePeriod', { gracePeriod: t(`messages.rules.rgp.${target.gracePeriod}`) });
    case 'entersLabel':
      return t('messages.rules.watch.entersLabel', { label: t(`messages.rules.label.${target.label}`) });
    case 'expiresWithin':
      return t('messages.rules.watch.expiresWithin', { count: target.days });
    case 'searchCount':
      return t(`messages.rules.watch.searchCount.${target.direction}`, {
        search: savedSearchInWords(t, target.search),
        threshold: formatNumber(target.threshold, language),
      });
    default:
      return t(`messages.rules.watch.${target.kind}`);
  }
}
