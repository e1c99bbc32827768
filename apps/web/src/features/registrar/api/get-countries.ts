import type { Country } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { registrarKeys } from './query-keys';

/** Every country, sorted by name (the picker's order, spec section 2). */
export async function getCountries(): Promise<Country[]> {
  // The spec describes `data.results`; the server answers the list as `data` itself. Accept both.
  const countries = await apiRequest<Country[] | { results: Country[] }>('/services/country');
  const list = Array.isArray(countries) ? countries : countries.results;
  return [...list].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Cached for the session: the list does not change while the app runs. */
export const countriesQueryOptions = () => queryOptions({ queryKey: registrarKeys.countries, queryFn: getCountries, staleTime: Infinity, gcTime: Infinity });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}

/** A country's name from its code; empty when the list is not there (spec section 8: lookup failure gives an empty name). */
export function useCountryName(): (iso2: string | undefined) => string {
  const { data } = useCountries();
  return (iso2) => (iso2 ? (data?.find((country) => country.iso2 === iso2)?.name ?? '') : '');
}
