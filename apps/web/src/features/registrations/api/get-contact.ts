import type { RegistryContact } from '@registrar-panel/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

export async function getContact(handle: string): Promise<RegistryContact> {
  return (await apiRequest<{ contact: RegistryContact }>(`/services/contacts/${encodeURIComponent(handle)}`)).contact;
}

export function useContact(handle: string | undefined) {
  return useQuery({ queryKey: registrationKeys.contact(handle ?? ''), queryFn: () => getContact(handle ?? ''), enabled: Boolean(handle) });
}
