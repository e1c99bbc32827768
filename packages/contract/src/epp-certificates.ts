import { z } from 'zod';
import { brusselsDay } from './brussels-time';

/*
 * The registrar's EPP client certificates (issue 31): the one home of the slots, the checks' rules
 * and limits, their message keys and the reminder days. The server applies them
 * (apps/server/src/modules/epp-certificates/certificate-checks.ts); the web shows the same limits.
 */

/** Both may hold a certificate at once, so a registrar rolls over to a new one without downtime. */
export const eppCertificateSlots = ['primary', 'failover'] as const;
export type EppCertificateSlot = (typeof eppCertificateSlots)[number];

export const eppCertificateRules = {
  /** A PEM certificate of a 4096-bit RSA key with a long chain of names is about 2.5 kB; far above, far below a flood. */
  maxPemCharacters: 16_384,
  minRsaBits: 2048,
  /** ECDSA curves accepted, by their WebCrypto names. */
  curves: ['P-256', 'P-384'],
  /** Signature hashes accepted: SHA-256 or stronger. */
  hashes: ['SHA-256', 'SHA-384', 'SHA-512'],
  /** The default of the server's policy (EPP_CERT_MAX_VALIDITY_DAYS): the CA/Browser Forum's 398 days. */
  defaultMaxValidityDays: 398,
  /** The page warns from this many days before the last day of validity. */
  warningDays: 30,
  /** Reminders are mailed this many days before the certificate expires, and on its last day (0), once each. */
  reminderDays: [30, 7, 1, 0],
} as const;

export { eppCertificateProblems, type EppCertificateProblem } from './epp-certificate-problems';

/** SHA-256 fingerprint: 64 lower-case hex digits, as stored and as the feed sends it. */
export const eppCertificateFingerprintPattern = /^[0-9a-f]{64}$/;

const fingerprint = z.string().regex(eppCertificateFingerprintPattern, { error: 'error.badRequest' });

/**
 * `PUT /services/registrar/epp/certificates/:slot`: the PEM, and the fingerprint of the certificate
 * the upload replaces (null: the slot is empty). Another upload or a removal in between answers 409.
 */
export const eppCertificateUploadSchema = z.object({
  pem: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(eppCertificateRules.maxPemCharacters, { error: 'validation.maxLength' }),
  replaces: fingerprint.nullable(),
});
export type EppCertificateUpload = z.infer<typeof eppCertificateUploadSchema>;

/** `DELETE /services/registrar/epp/certificates/:slot?fingerprint=…`: the certificate the caller saw there. */
export const eppCertificateRemovalQuery = z.object({ fingerprint });

/**
 * Calendar days in Brussels from `now` to the certificate's last day of validity: 0 on that day, 1
 * the day before. What the page shows and the reminders count; whether it has expired is
 * `notAfter <= now`, which can be so on its last day already.
 */
export function eppCertificateDaysLeft(notAfter: Date, now: Date): number {
  return Math.round((Date.parse(`${brusselsDay(notAfter)}T00:00:00Z`) - Date.parse(`${brusselsDay(now)}T00:00:00Z`)) / 86_400_000);
}

/** The reminder due `daysLeft` days before the end (the smallest threshold at or above it), if any. */
export function eppCertificateReminderDue(daysLeft: number): number | undefined {
  return [...eppCertificateRules.reminderDays].reverse().find((threshold) => threshold >= daysLeft && daysLeft >= 0);
}
