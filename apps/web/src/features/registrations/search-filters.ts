import {
  domainSearchFiltersSchema,
  domainSearchFilterNames,
  domainSearchFormSchema,
  fieldMessages,
  formatDay,
  message as messageFor,
  parseDay,
  type Message,
} from '@registrar-panel/contract';
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

/**
 * The filters that hold a day. The address and the API carry it as `YYYY-MM-DD`; the form shows and
 * takes it in the portal's date style, 'YYYY/MM/DD' (spec section 9), as every date of the portal reads.
 */
const dayFilters: readonly SearchFilterName[] = ['expiresFrom', 'expiresTo'];

/** The form's values for a search: the filters not set are '', days in the portal's style. */
export function formValuesOf(term: string, filters: SearchFilters): SearchFormValues {
  const shown = (name: SearchFilterName, value = '') => (dayFilters.includes(name) ? formatDay(value) || value : value);
  return {
    domainName: term,
    filters: Object.fromEntries(domainSearchFilterNames.map((name) => [name, shown(name, filters[name])])) as Record<SearchFilterName, string>,
  };
}

/** The filters the form's fields ask for, days as the API takes them. */
function requestedFilters(values: Record<SearchFilterName, string>): SearchFilters {
  const filters = activeFilters(values);
  for (const name of dayFilters) if (filters[name] !== undefined) filters[name] = parseDay(filters[name]);
  return filters;
}

/** The contract's messages about some filters, by filter name (the first per filter). */
export function filterMessages(filters: SearchFilters): Partial<Record<SearchFilterName, Message>> {
  const result = domainSearchFiltersSchema.safeParse(filters);
  if (result.success) return {};
  const messages: Partial<Record<SearchFilterName, Message>> = {};
  for (const message of fieldMessages(result.error)) {
    const name = domainSearchFilterNames.find((filter) => filter === message.field);
    // The form's date fields take 'YYYY/MM/DD': their message names that style, not the API's.
    const shown =
      message.messageKey === 'search.filter.date.invalid'
        ? messageFor('search.filter.date.format', message.field === undefined ? {} : { field: message.field })
        : message;
    if (name && !messages[name]) messages[name] = shown;
  }
  return messages;
}

/**
 * What the form's values ask for, or the contract's messages: on the name (`domainName`) and on the
 * filters. With `nameOptional` (the portfolio on a date, where every name is the natural question)
 * an empty name is every name even without a filter.
 */
export function checkSearchForm(
  values: SearchFormValues,
  options: { nameOptional?: boolean } = {},
): { request: SearchRequest } | { domainName?: Message; filters: Partial<Record<SearchFilterName, Message>> } {
  const filters = requestedFilters(values.filters);
  const filterErrors = filterMessages(filters);
  const nameOptional = (options.nameOptional || filterCount(filters) > 0) && values.domainName.trim() === '';
  const name = nameOptional ? undefined : domainSearchFormSchema.safeParse({ domainName: values.domainName });
  const domainName = name && !name.success ? fieldMessages(name.error)[0] : undefined;
  if (domainName || Object.keys(filterErrors).length > 0) return { ...(domainName ? { domainName } : {}), filters: filterErrors };
  return { request: { term: name?.success ? name.data.domainName : '*', filters } };
}
