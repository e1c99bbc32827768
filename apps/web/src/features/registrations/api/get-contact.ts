import type { Country, RegistryContact } from '@registrar-panel/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

export async function getContact(handle: string): Promise<RegistryContact> {
  return (await apiRequest<{ contact: RegistryContact }>(`/services/contacts/${encodeURIComponent(handle)}`)).contact;
}

export function useContact(handle: string | undefined) {
  return useQuery({ queryKey: registrationKeys.contact(handle ?? ''), queryFn: () => getContact(handle ?? ''), enabled: Boolean(handle) });
}

/** Country names from their codes; the list is cached for the session, an empty name when it fails (spec section 8). */
export function useCountryName(): (iso2: string | null) => string {
  const { data } = useQuery({
    queryKey: registrationKeys.countries,
    queryFn: async () => {
      const countries = await apiRequest<Country[] | { results: Country[] }>('/services/country');
      return Array.isArray(countries) ? countries : countries.results;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return (iso2) => (iso2 ? (data?.find((country) => country.iso2 === iso2)?.name ?? '') : '');
}
