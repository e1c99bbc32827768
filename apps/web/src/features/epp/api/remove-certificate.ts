import type { EppCertificateSlot, EppCertificatesResponse } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { certificatesQueryKey } from './get-certificates';

/** Empties the slot if it still holds the certificate `fingerprint` (else 409, alerted, and the list reloads). */
export function removeCertificate({ slot, fingerprint }: { slot: EppCertificateSlot; fingerprint: string }): Promise<EppCertificatesResponse> {
  return callApi('removeEppCertificate', { params: { slot }, query: { fingerprint } });
}

export function useRemoveCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCertificate,
    onSuccess: (saved) => queryClient.setQueryData(certificatesQueryKey, saved),
    onError: () => void queryClient.invalidateQueries({ queryKey: certificatesQueryKey }),
  });
}
