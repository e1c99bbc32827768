import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { EppCertificateSlot } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { eppClientCertificates } from '../../db/schema';
import type { CertificateFacts } from './certificate-checks';

export type CertificateRow = typeof eppClientCertificates.$inferSelect;

/** Both slots' certificates of a registrar (none, one or two rows). */
export async function listCertificates(db: Db, handle: string): Promise<CertificateRow[]> {
  return db.select().from(eppClientCertificates).where(eq(eppClientCertificates.registrarHandle, handle)).orderBy(asc(eppClientCertificates.slot));
}

/**
 * Puts a certificate in the slot, replacing what it held: a new `id`, so that reminders claimed for
 * the one replaced never reach it, and no reminder sent yet.
 */
export async function putCertificate(tx: Db, handle: string, slot: EppCertificateSlot, facts: CertificateFacts, username: string): Promise<void> {
  const values = { ...facts, uploadedBy: username, uploadedAt: sql`now()`, reminderDays: null, id: sql`gen_random_uuid()` };
  await tx
    .insert(eppClientCertificates)
    .values({ registrarHandle: handle, slot, ...values })
    .onConflictDoUpdate({ target: [eppClientCertificates.registrarHandle, eppClientCertificates.slot], set: values });
}

export async function deleteCertificate(tx: Db, handle: string, slot: EppCertificateSlot): Promise<void> {
  await tx.delete(eppClientCertificates).where(and(eq(eppClientCertificates.registrarHandle, handle), eq(eppClientCertificates.slot, slot)));
}

/** Certificates whose end of validity is before `until`, not expired before `since`, whose next reminder may be due. */
export async function certificatesNearExpiry(db: Db, since: Date, until: Date): Promise<CertificateRow[]> {
  return db
    .select()
    .from(eppClientCertificates)
    .where(
      and(
        gte(eppClientCertificates.notAfter, since),
        lt(eppClientCertificates.notAfter, until),
        or(isNull(eppClientCertificates.reminderDays), sql`${eppClientCertificates.reminderDays} > 0`),
      ),
    )
    .orderBy(asc(eppClientCertificates.registrarHandle), asc(eppClientCertificates.notAfter));
}

/**
 * Claims the reminder of `threshold` days for the certificate `id`, once across the fleet: only the
 * run whose UPDATE finds the row still above that threshold (or never reminded) gets it. A replaced
 * certificate has another id, so no reminder of the old one is ever claimed after the replacement.
 */
export async function claimReminder(tx: Db, id: string, threshold: number): Promise<boolean> {
  const rows = await tx
    .update(eppClientCertificates)
    .set({ reminderDays: threshold })
    .where(and(eq(eppClientCertificates.id, id), or(isNull(eppClientCertificates.reminderDays), sql`${eppClientCertificates.reminderDays} > ${threshold}`)))
    .returning({ id: eppClientCertificates.id });
  return rows.length > 0;
}
