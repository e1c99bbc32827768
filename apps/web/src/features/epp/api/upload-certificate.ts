import type { EppCertificateSlot, EppCertificatesResponse } from '@registrar-panel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { certificatesQueryKey } from './get-certificates';

export interface UploadCertificateInput {
  slot: EppCertificateSlot;
  pem: string;
  /** The fingerprint of the certificate the slot showed (null: empty): the server answers 409 if it changed meanwhile. */
  replaces: string | null;
}

/** Uploads or replaces; the checks' messages (route table marks) come back for the PEM field. */
export function uploadCertificate({ slot, pem, replaces }: UploadCertificateInput): Promise<EppCertificatesResponse> {
  return callApi('uploadEppCertificate', { params: { slot }, body: { pem, replaces } });
}

export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadCertificate, onSuccess: (saved) => queryClient.setQueryData(certificatesQueryKey, saved) });
}
