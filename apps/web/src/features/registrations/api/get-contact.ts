import type { RegistryContact } from '@registrar-panel/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

export async function getContact(handle: string): Promise<RegistryContact> {
  return (await callApi('getContact', { params: { handle } })).contact;
}

/** Asks nothing without a handle, or when `enabled` is false (a role that may not read registrations). */
export function useContact(handle: string | undefined, enabled = true) {
  return useQuery({ queryKey: registrationKeys.contact(handle ?? ''), queryFn: () => getContact(handle ?? ''), enabled: enabled && Boolean(handle) });
}
