import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { registrars } from '../../db/schema';

/* SQL on `registrars.passkeys_required`: whether an ADMIN requires passkeys of the registrar's users. */

/** False for a registrar that does not exist. */
export async function passkeysRequiredOf(db: Db, registrarHandle: string): Promise<boolean> {
  const [row] = await db.select({ required: registrars.passkeysRequired }).from(registrars).where(eq(registrars.handle, registrarHandle));
  return row?.required ?? false;
}

/**
 * The registrar's choice, read under a share lock held to the end of the caller's transaction: a
 * change of the choice (`setPasskeysRequired`'s lock) waits for it, so what the caller does with the
 * answer (a new user given the requirement at the identity service) is not overtaken by a change.
 */
export async function passkeysRequiredHeld(tx: Db, registrarHandle: string): Promise<boolean> {
  const held = await tx.execute<{ required: boolean }>(sql`select passkeys_required as required from registrars where handle = ${registrarHandle} for share`);
  return held.rows[0]?.required ?? false;
}

/**
 * Sets the registrar's choice and answers the one it replaced (undefined: no such registrar). The
 * row is locked as it is read, so of two changes side by side each sees the other's result.
 */
export async function setPasskeysRequired(db: Db, registrarHandle: string, required: boolean): Promise<boolean | undefined> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ required: boolean }>(
      sql`select passkeys_required as required from registrars where handle = ${registrarHandle} for update`,
    );
    const before = locked.rows[0]?.required;
    if (before === undefined) return undefined;
    if (before !== required) await tx.update(registrars).set({ passkeysRequired: required }).where(eq(registrars.handle, registrarHandle));
    return before;
  });
}
