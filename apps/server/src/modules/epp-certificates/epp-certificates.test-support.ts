import type { LightMyRequestResponse } from 'fastify';
import type { EppCertificateSlot, EppCertificatesResponse, PanelRole } from '@registrar-panel/contract';
import { call } from '../../test/http';
import type { TestApp } from '../../test/test-app';

export const certificatesUrl = '/services/registrar/epp/certificates';
export const slotUrl = (slot: EppCertificateSlot) => `${certificatesUrl}/${slot}`;

type Caller = { username: string; roles: PanelRole[]; firstName?: string; lastName?: string };

export function upload(t: TestApp, as: Caller, slot: EppCertificateSlot, pem: string, replaces: string | null = null): Promise<LightMyRequestResponse> {
  return call(t, { method: 'PUT', url: slotUrl(slot), as, body: { pem, replaces } });
}

export function remove(t: TestApp, as: Caller, slot: EppCertificateSlot, fingerprint: string): Promise<LightMyRequestResponse> {
  return call(t, { method: 'DELETE', url: slotUrl(slot), as, query: { fingerprint } });
}

export async function certificatesOf(t: TestApp, as: Caller): Promise<EppCertificatesResponse> {
  return (await call(t, { url: certificatesUrl, as })).json<{ data: EppCertificatesResponse }>().data;
}
