import type { EppCertificatesResponse } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { eppKeys } from './query-keys';

/** Both slots' certificates; kept beside `eppKeys` so the shared key file stays as it is. */
export const certificatesQueryKey = [...eppKeys.all, 'certificates'] as const;

export function getCertificates(): Promise<EppCertificatesResponse> {
  return callApi('listEppCertificates');
}

// Always fresh: the certificates decide who can connect, and another user may have just changed them.
export const certificatesQueryOptions = () => queryOptions({ queryKey: certificatesQueryKey, queryFn: getCertificates, staleTime: 0 });

export function useCertificates() {
  return useQuery(certificatesQueryOptions());
}
