import type { MessageKey } from './messages';

/**
 * Every reason an EPP client certificate is refused, each with its own message on the `pem` field:
 * the one list the upload's route entry, the web's field marks (`api/web-handled-keys.ts`) and the
 * server's checks take theirs from. Zod-free, so that the web's bundle may hold it.
 */
export const eppCertificateProblems = [
  'eppCertificate.notOneCertificate',
  'eppCertificate.unreadable',
  'eppCertificate.privateKey',
  'eppCertificate.expired',
  'eppCertificate.notYetValid',
  'eppCertificate.weakKey',
  'eppCertificate.weakSignature',
  'eppCertificate.validityTooLong',
  'eppCertificate.inOtherSlot',
] as const satisfies readonly MessageKey[];
export type EppCertificateProblem = (typeof eppCertificateProblems)[number];
