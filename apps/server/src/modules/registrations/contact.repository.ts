import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { contacts } from '../../db/schema';

export type ContactRow = typeof contacts.$inferSelect;

/**
 * The one rule of which contacts a registrar may see: one it sponsors, or one attached to one of its
 * domains now (as registrant, admin or tech contact). `handle` and `owner` are the contact's handle
 * and sponsoring registrar as SQL; `registrar` the registrar asking (a value, or SQL of a row).
 */
export function contactVisibleTo(contact: { handle: SQL; owner: SQL }, registrar: string | SQL): SQL {
  return sql`(${contact.owner} = ${registrar}
    OR EXISTS (SELECT 1 FROM domains d WHERE d.registrant_handle = ${contact.handle} AND d.registrar_handle = ${registrar})
    OR EXISTS (SELECT 1 FROM domain_contacts dc JOIN domains d ON d.id = dc.domain_id
                WHERE dc.contact_handle = ${contact.handle} AND d.registrar_handle = ${registrar}))`;
}

/** A contact the registrar may see (`contactVisibleTo`); anything else is not found. */
export async function findVisibleContact(db: Db, registrarHandle: string, handle: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(sql`${contacts.handle} = ${handle} AND ${contactVisibleTo({ handle: sql`${handle}`, owner: sql`${contacts.registrarHandle}` }, registrarHandle)}`)
    .limit(1);
  return row;
}
