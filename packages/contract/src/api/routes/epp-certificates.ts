import { eppCertificateProblems, eppCertificateRemovalQuery, eppCertificateUploadSchema } from '../../epp-certificates';
import { eppCertificatesAnswer } from '../responses/epp-certificates';
import type { ApiRoute } from '../route';
import { operation } from '../operations';
import { webHandledKeys } from '../web-handled-keys';
import { eppCertificateSlotParams } from './params';

const sampleFingerprint = '3f2a9c0d5b7e41f6a8c2d9e0b1f3a5c7d9e1f2a3b4c5d6e7f8091a2b3c4d5e6f';

/** The registrar's EPP client certificates, primary and failover (ADMIN and TECH: `manageEpp`). */
export const eppCertificateRoutes = [
  {
    ...operation('listEppCertificates'),
    tag: 'epp',
    summary: 'Read the EPP client certificates',
    description:
      'The primary and the failover client certificate the EPP server accepts from the registrar (null: none), with their details, days left and who uploaded them.',
    access: 'manageEpp',
    answer: { kind: 'json', status: 200, data: eppCertificatesAnswer, description: 'Both slots.' },
    errors: { 404: ['error.notFound'] },
  },
  {
    ...operation('uploadEppCertificate'),
    tag: 'epp',
    summary: 'Upload or replace an EPP client certificate',
    description:
      'Puts one PEM certificate (no private key, no chain) in the slot, after the checks: readable, valid today, RSA of at least 2048 bits or ECDSA P-256/P-384, signed with SHA-256 or stronger, valid for at most the registry’s maximum of days, not the other slot’s. `replaces` names the certificate the caller saw in the slot (null: empty): if it changed meanwhile, 409. The registrar’s administrators and technical contact are mailed; the registry learns of it through the portal changes.',
    access: 'manageEpp',
    params: eppCertificateSlotParams,
    body: eppCertificateUploadSchema,
    fields: {
      slot: '`primary` or `failover`.',
      pem: 'The certificate, `-----BEGIN CERTIFICATE-----` … `-----END CERTIFICATE-----`.',
      replaces: 'The SHA-256 fingerprint of the certificate in the slot now, or null when it is empty.',
    },
    answer: { kind: 'json', status: 200, data: eppCertificatesAnswer, description: 'Both slots as saved.' },
    errors: {
      400: [...eppCertificateProblems],
      404: ['error.notFound'],
      409: ['eppCertificate.changed'],
    },
    webHandles: webHandledKeys.uploadEppCertificate,
    example: { params: { slot: 'primary' }, body: { pem: '-----BEGIN CERTIFICATE-----\nMIIC…\n-----END CERTIFICATE-----', replaces: null } },
  },
  {
    ...operation('removeEppCertificate'),
    tag: 'epp',
    summary: 'Remove an EPP client certificate',
    description:
      'Empties the slot: EPP clients presenting that certificate can no longer connect. `fingerprint` names the certificate the caller saw there; if it changed meanwhile, 409.',
    access: 'manageEpp',
    params: eppCertificateSlotParams,
    query: eppCertificateRemovalQuery,
    fields: { slot: '`primary` or `failover`.', fingerprint: 'The SHA-256 fingerprint of the certificate to remove.' },
    answer: { kind: 'json', status: 200, data: eppCertificatesAnswer, description: 'Both slots as saved.' },
    errors: { 404: ['error.notFound'], 409: ['eppCertificate.changed'] },
    example: { params: { slot: 'failover' }, query: { fingerprint: sampleFingerprint } },
  },
] as const satisfies readonly ApiRoute[];
