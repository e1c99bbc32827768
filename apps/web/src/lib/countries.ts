import type { Country } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

/**
 * Every country, sorted by name (the picker's order, spec section 2). Asked quietly: where the list
 * fails, names stay empty (spec section 8) and the picker says so under itself, without an alert.
 */
export async function getCountries(): Promise<Country[]> {
  const { results } = await callApi('listCountries', { quiet: true });
  return [...results].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Cached for the session: the list does not change while the app runs. */
export const countriesQueryOptions = () => queryOptions({ queryKey: ['countries'], queryFn: getCountries, staleTime: Infinity, gcTime: Infinity });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}

/**
 * A country's name from its code; empty when the list is not there (spec section 8: a failed lookup
 * gives an empty name). `enabled` false asks nothing (a page with no country to name).
 */
export function useCountryName(enabled = true): (iso2: string | null | undefined) => string {
  const { data } = useQuery({ ...countriesQueryOptions(), enabled });
  return (iso2) => (iso2 ? (data?.find((country) => country.iso2 === iso2)?.name ?? '') : '');
}
