import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { eppIpAddresses, registrars } from '../../db/schema';

export interface RegistrarEppRow {
  handle: string;
  eppPasswordHash: string | null;
  techContactEmail: string;
  /** The language of mails to the technical contact (and any contact that is no user). */
  language: string;
}

const eppColumns = {
  handle: registrars.handle,
  eppPasswordHash: registrars.eppPasswordHash,
  techContact: registrars.techContact,
  language: registrars.language,
} as const;

function toEppRow(row: { handle: string; eppPasswordHash: string | null; techContact: { email: string }; language: string }): RegistrarEppRow {
  return { handle: row.handle, eppPasswordHash: row.eppPasswordHash, techContactEmail: row.techContact.email, language: row.language };
}

export async function findRegistrarEpp(db: Db, handle: string): Promise<RegistrarEppRow | undefined> {
  const [row] = await db.select(eppColumns).from(registrars).where(eq(registrars.handle, handle));
  return row && toEppRow(row);
}

/** Reads the registrar's EPP settings and locks its row until the transaction ends, so two saves cannot interleave. */
export async function lockRegistrarEpp(db: Db, handle: string): Promise<RegistrarEppRow | undefined> {
  const [row] = await db.select(eppColumns).from(registrars).where(eq(registrars.handle, handle)).for('update');
  return row && toEppRow(row);
}

/** The allow-list in its saved order. */
export async function listIpAddresses(db: Db, handle: string): Promise<string[]> {
  const rows = await db
    .select({ ip: eppIpAddresses.ip })
    .from(eppIpAddresses)
    .where(eq(eppIpAddresses.registrarHandle, handle))
    .orderBy(asc(eppIpAddresses.position));
  return rows.map((row) => row.ip);
}

/** Replaces the whole allow-list; call inside a transaction so that a failure leaves the old list. */
export async function replaceIpAddresses(db: Db, handle: string, ips: readonly string[]): Promise<void> {
  await db.delete(eppIpAddresses).where(eq(eppIpAddresses.registrarHandle, handle));
  if (ips.length === 0) return;
  await db.insert(eppIpAddresses).values(ips.map((ip, position) => ({ registrarHandle: handle, ip, position })));
}

/**
 * Stores a new password's hash with when and by whom; a new password has not been reminded of its
 * age yet (jobs/epp-password-age.ts claims that once per password).
 */
export async function setEppPasswordHash(db: Db, handle: string, hash: string, at: Date, by: string): Promise<void> {
  await db
    .update(registrars)
    .set({ eppPasswordHash: hash, eppPasswordChangedAt: at, eppPasswordChangedBy: by, eppPasswordAgeNoticeAt: null })
    .where(eq(registrars.handle, handle));
}
