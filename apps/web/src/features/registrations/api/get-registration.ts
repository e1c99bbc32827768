import type { DomainRegistration, DomainTransfer, HandledKey } from '@registrar-panel/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

export async function getRegistration(name: string): Promise<DomainRegistration> {
  return (await callApi('getRegistration', { params: { domainName: name } })).domain;
}

/** `enabled` false (a role that may not read registrations) asks nothing. */
export function useRegistration(name: string, enabled = true) {
  return useQuery({ queryKey: registrationKeys.registration(name), queryFn: () => getRegistration(name), enabled });
}

/** A registration that never moved: the route table marks it ignored (spec sections 7 and 8). */
const noTransferKey = 'no.transfer.history' satisfies HandledKey<'getTransfer'>;

/** The latest transfer, or null when there is none (`no.transfer.history` is expected, not alerted). */
export async function getTransfer(name: string): Promise<DomainTransfer | null> {
  try {
    return (await callApi('getTransfer', { params: { domainName: name } })).transfer;
  } catch (error) {
    if (error instanceof ApiError && error.has(noTransferKey)) return null;
    throw error;
  }
}

/** Asked once the registration itself is known, so that a missing one is reported once. */
export function useTransfer(name: string, enabled: boolean) {
  return useQuery({ queryKey: registrationKeys.transfer(name), queryFn: () => getTransfer(name), enabled });
}
