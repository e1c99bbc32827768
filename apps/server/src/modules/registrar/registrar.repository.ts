import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { registrars } from '../../db/schema';

export type RegistrarRow = typeof registrars.$inferSelect;
export type ContactColumns = Partial<Pick<RegistrarRow, 'publicContact' | 'techContact' | 'adminContact' | 'abuseContact'>>;

const registrarByHandle = preparedQuery((db) =>
  db
    .select()
    .from(registrars)
    .where(eq(registrars.handle, sql.placeholder('handle')))
    .prepare('registrar_by_handle'),
);

export async function findRegistrar(db: Db, handle: string): Promise<RegistrarRow | undefined> {
  const [row] = await registrarByHandle(db).execute({ handle });
  return row;
}

const registrarStatusByHandle = preparedQuery((db) =>
  db
    .select({ status: registrars.status })
    .from(registrars)
    .where(eq(registrars.handle, sql.placeholder('handle')))
    .prepare('registrar_status_by_handle'),
);

/** The registrar's status as stored now; read on every API request (plugins/registrar-status.ts). */
export async function findRegistrarStatus(db: Db, handle: string): Promise<string | undefined> {
  const [row] = await registrarStatusByHandle(db).execute({ handle });
  return row?.status;
}

/** Reads the registrar and locks its row until the transaction ends, so two saves cannot interleave. */
export async function findRegistrarForUpdate(db: Db, handle: string): Promise<RegistrarRow | undefined> {
  const [row] = await db.select().from(registrars).where(eq(registrars.handle, handle)).for('update');
  return row;
}

/** Writes contact columns and bumps the version. */
export async function updateContacts(db: Db, handle: string, contacts: ContactColumns): Promise<RegistrarRow> {
  const [row] = await db
    .update(registrars)
    .set({ ...contacts, version: sql`${registrars.version} + 1` })
    .where(eq(registrars.handle, handle))
    .returning();
  if (!row) throw new Error(`registrar ${handle} vanished inside its own transaction`);
  return row;
}

/** Writes the language of the registrar's mails to its contacts that are no users; the version stays (no contact changed). */
export async function updateRegistrarLanguage(db: Db, handle: string, language: string): Promise<RegistrarRow> {
  const [row] = await db.update(registrars).set({ language }).where(eq(registrars.handle, handle)).returning();
  if (!row) throw new Error(`registrar ${handle} vanished inside its own transaction`);
  return row;
}
