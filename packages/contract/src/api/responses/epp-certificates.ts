import { z } from 'zod';
import { eppCertificateSlots } from '../../epp-certificates';

/* What the EPP client certificates' calls answer in `data` (the one home of their shape). */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

export const eppCertificateSchema = z.object({
  slot: z.enum(eppCertificateSlots),
  subject: z.string().meta({ description: 'The subject as an RFC 4514 string, e.g. `CN=epp.acme.example, O=Acme`.' }),
  issuer: z.string(),
  serial: z.string().meta({ description: 'The serial number, hex.' }),
  fingerprint: z.string().meta({ description: 'SHA-256 of the DER, 64 lower-case hex digits: what the EPP server compares.' }),
  keyType: z.enum(['RSA', 'ECDSA']),
  keySize: z.number().int().meta({ description: 'Bits of the RSA modulus, or of the curve (256, 384).' }),
  signatureAlgorithm: z.string().meta({ description: 'e.g. `SHA-256 with RSA`, `ECDSA with SHA-384`.' }),
  notBefore: timestamp,
  notAfter: timestamp,
  daysLeft: z.number().int().meta({ description: 'Whole days until `notAfter` (0 on its last day; negative once expired).' }),
  uploadedBy: z.string().nullable().meta({ description: 'The username of who uploaded it; null when that user is gone or the registry set it.' }),
  uploadedAt: timestamp,
  pem: z.string().meta({ description: 'The certificate as uploaded (PEM): public, for the registrar to compare with its client’s.' }),
});
export type EppCertificate = z.output<typeof eppCertificateSchema>;

/** Both slots, each with its certificate or null. */
export const eppCertificatesAnswer = z.object({
  primary: eppCertificateSchema.nullable(),
  failover: eppCertificateSchema.nullable(),
});
export type EppCertificatesResponse = z.output<typeof eppCertificatesAnswer>;
