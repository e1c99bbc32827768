import { parseLanguage, type Country, type Language } from '@registrar-panel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from './use-translation';
import { callApi } from './api-client';

/**
 * Every country named in `language` (the server answers in the page's language, which the client
 * sends as `Accept-Language`), sorted by name in that language's order (the picker's, spec
 * section 2). Asked quietly: where the list fails, names stay empty (spec section 8) and the picker
 * says so under itself, without an alert.
 */
export async function getCountries(language: Language): Promise<Country[]> {
  const { results } = await callApi('listCountries', { quiet: true });
  const collator = new Intl.Collator(language);
  return [...results].sort((a, b) => collator.compare(a.name, b.name));
}

/** Cached for the session, one list per language: a switch of language asks for the new one (once) and names follow. */
export const countriesQueryOptions = (language: Language) =>
  queryOptions({ queryKey: ['countries', language], queryFn: () => getCountries(language), staleTime: Infinity, gcTime: Infinity });

/** The page's language as the server reads it (the pseudo-language asks for English, as the API client does). */
function usePageLanguage(): Language {
  return parseLanguage(useTranslation().i18n.language);
}

/** While a switch of language fetches the new list, the previous one stays (a picker does not empty under the user). */
export function useCountries() {
  return useQuery({ ...countriesQueryOptions(usePageLanguage()), placeholderData: keepPreviousData });
}

/**
 * A country's name from its code; empty when the list is not there (spec section 8: a failed lookup
 * gives an empty name). `enabled` false asks nothing (a page with no country to name).
 */
export function useCountryName(enabled = true): (iso2: string | null | undefined) => string {
  const { data } = useQuery({ ...countriesQueryOptions(usePageLanguage()), enabled, placeholderData: keepPreviousData });
  return (iso2) => (iso2 ? (data?.find((country) => country.iso2 === iso2)?.name ?? '') : '');
}
