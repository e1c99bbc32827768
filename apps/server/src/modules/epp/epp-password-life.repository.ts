import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { eppPasswordResetLinks, registrars } from '../../db/schema';

/* The EPP password's life: its age, the age reminder's claim, and the reset links (only their hashes). */

export interface EppPasswordAgeRow {
  hashSet: boolean;
  changedAt: Date | null;
  changedBy: string | null;
}

export async function findEppPasswordAge(db: Db, handle: string): Promise<EppPasswordAgeRow | undefined> {
  const [row] = await db
    .select({
      hashSet: sql<boolean>`${registrars.eppPasswordHash} IS NOT NULL`,
      changedAt: registrars.eppPasswordChangedAt,
      changedBy: registrars.eppPasswordChangedBy,
    })
    .from(registrars)
    .where(eq(registrars.handle, handle));
  return row;
}

/** Registrars whose password was changed before `before` and whose ADMINs were not reminded of it yet. */
export async function passwordsDueForAgeNotice(db: Db, before: Date): Promise<{ handle: string; changedAt: Date }[]> {
  const rows = await db
    .select({ handle: registrars.handle, changedAt: registrars.eppPasswordChangedAt })
    .from(registrars)
    .where(
      and(
        isNotNull(registrars.eppPasswordHash),
        lt(registrars.eppPasswordChangedAt, before),
        isNull(registrars.eppPasswordAgeNoticeAt),
        sql`${registrars.status} <> 'DELETED'`,
      ),
    )
    .orderBy(registrars.handle);
  return rows.flatMap((row) => (row.changedAt ? [{ handle: row.handle, changedAt: row.changedAt }] : []));
}

/**
 * Claims the reminder of the password changed at `changedAt`: true for one caller only, however many
 * runs try at once (the row's update waits for the other's and then finds the claim taken), and false
 * when the password changed since it was read.
 */
export async function claimAgeNotice(db: Db, handle: string, changedAt: Date, at: Date): Promise<boolean> {
  const rows = await db
    .update(registrars)
    .set({ eppPasswordAgeNoticeAt: at })
    .where(and(eq(registrars.handle, handle), eq(registrars.eppPasswordChangedAt, changedAt), isNull(registrars.eppPasswordAgeNoticeAt)))
    .returning({ handle: registrars.handle });
  return rows.length === 1;
}

/** Records a new link; the registrar's links past their day are deleted on the way (nothing else reads them). */
export async function insertResetLink(db: Db, link: { tokenHash: string; registrarHandle: string; requestedBy: string; expiresAt: Date }): Promise<void> {
  await db
    .delete(eppPasswordResetLinks)
    .where(and(eq(eppPasswordResetLinks.registrarHandle, link.registrarHandle), lt(eppPasswordResetLinks.expiresAt, sql`now() - interval '1 day'`)));
  await db.insert(eppPasswordResetLinks).values(link);
}

export interface ResetLinkState {
  registrarHandle: string;
  requestedBy: string;
  expiresAt: Date;
  used: boolean;
  /** Past its expiry by the database's clock, the one the claim uses. */
  expired: boolean;
}

export async function findResetLink(db: Db, tokenHash: string): Promise<ResetLinkState | undefined> {
  const [row] = await db
    .select({
      registrarHandle: eppPasswordResetLinks.registrarHandle,
      requestedBy: eppPasswordResetLinks.requestedBy,
      expiresAt: eppPasswordResetLinks.expiresAt,
      used: sql<boolean>`${eppPasswordResetLinks.usedAt} IS NOT NULL`,
      expired: sql<boolean>`${eppPasswordResetLinks.expiresAt} <= now()`,
    })
    .from(eppPasswordResetLinks)
    .where(eq(eppPasswordResetLinks.tokenHash, tokenHash));
  return row;
}

/**
 * Uses the link, atomically: only an unused, unexpired link of this registrar is marked used, and of
 * requests racing with one link, one gets its row (the others wait for it, then find it used).
 */
export async function claimResetLink(db: Db, tokenHash: string, registrarHandle: string): Promise<{ requestedBy: string } | undefined> {
  const [row] = await db
    .update(eppPasswordResetLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(eppPasswordResetLinks.tokenHash, tokenHash),
        eq(eppPasswordResetLinks.registrarHandle, registrarHandle),
        isNull(eppPasswordResetLinks.usedAt),
        sql`${eppPasswordResetLinks.expiresAt} > now()`,
      ),
    )
    .returning({ requestedBy: eppPasswordResetLinks.requestedBy });
  return row;
}
