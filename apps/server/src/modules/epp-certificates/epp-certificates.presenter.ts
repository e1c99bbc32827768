import { eppCertificateDaysLeft, type EppCertificate, type EppCertificatesResponse } from '@registrar-panel/contract';
import type { CertificateRow } from './epp-certificates.repository';

/** A stored certificate as the API answers it, with its days left at `now`. */
export function presentCertificate(row: CertificateRow, now: Date): EppCertificate {
  return {
    slot: row.slot === 'failover' ? 'failover' : 'primary',
    subject: row.subject,
    issuer: row.issuer,
    serial: row.serial,
    fingerprint: row.fingerprint,
    keyType: row.keyType === 'ECDSA' ? 'ECDSA' : 'RSA',
    keySize: row.keySize,
    signatureAlgorithm: row.signatureAlgorithm,
    notBefore: row.notBefore.toISOString(),
    notAfter: row.notAfter.toISOString(),
    daysLeft: eppCertificateDaysLeft(row.notAfter, now),
    uploadedBy: row.uploadedBy,
    uploadedAt: row.uploadedAt.toISOString(),
    pem: row.pem,
  };
}

/** Both slots, each with its certificate or null. */
export function presentCertificates(rows: readonly CertificateRow[], now: Date): EppCertificatesResponse {
  const of = (slot: string) => rows.find((row) => row.slot === slot);
  const primary = of('primary');
  const failover = of('failover');
  return { primary: primary ? presentCertificate(primary, now) : null, failover: failover ? presentCertificate(failover, now) : null };
}
