import { domainSearchFiltersSchema, domainSearchFilterNames, domainSearchFormSchema, fieldMessages, type Message } from '@registrar-panel/contract';
import { activeFilters, filterCount, type SearchFilterName, type SearchFilters } from './search-location';

/*
 * The rules of the search form with its filters, checked with the contract's schemas (the server
 * applies the same ones). With no filter set, the name is checked exactly as the spec says (required,
 * at most 100 characters); with a filter set, an empty name means every name ('*').
 */

/** The form's values: the name as typed, every filter as text ('' when not set). */
export interface SearchFormValues {
  domainName: string;
  filters: Record<SearchFilterName, string>;
}

/** A search the form can run: the term for the address and the filters that are set. */
export interface SearchRequest {
  term: string;
  filters: SearchFilters;
}

/** The form's values for a search: the filters not set are ''. */
export function formValuesOf(term: string, filters: SearchFilters): SearchFormValues {
  return {
    domainName: term,
    filters: Object.fromEntries(domainSearchFilterNames.map((name) => [name, filters[name] ?? ''])) as Record<SearchFilterName, string>,
  };
}

/** The contract's messages about some filters, by filter name (the first per filter). */
export function filterMessages(filters: SearchFilters): Partial<Record<SearchFilterName, Message>> {
  const result = domainSearchFiltersSchema.safeParse(filters);
  if (result.success) return {};
  const messages: Partial<Record<SearchFilterName, Message>> = {};
  for (const message of fieldMessages(result.error)) {
    const name = domainSearchFilterNames.find((filter) => filter === message.field);
    if (name && !messages[name]) messages[name] = message;
  }
  return messages;
}

/** What the form's values ask for, or the contract's messages: on the name (`domainName`) and on the filters. */
export function checkSearchForm(
  values: SearchFormValues,
): { request: SearchRequest } | { domainName?: Message; filters: Partial<Record<SearchFilterName, Message>> } {
  const filters = activeFilters(values.filters);
  const filterErrors = filterMessages(filters);
  const nameOptional = filterCount(filters) > 0 && values.domainName.trim() === '';
  const name = nameOptional ? undefined : domainSearchFormSchema.safeParse({ domainName: values.domainName });
  const domainName = name && !name.success ? fieldMessages(name.error)[0] : undefined;
  if (domainName || Object.keys(filterErrors).length > 0) return { ...(domainName ? { domainName } : {}), filters: filterErrors };
  return { request: { term: name?.success ? name.data.domainName : '*', filters } };
}
