import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { contacts } from '../../db/schema';

export type ContactRow = typeof contacts.$inferSelect;

/**
 * A contact the registrar may see: one it sponsors, or one attached to one of its domains (as
 * registrant, admin or tech contact). Anything else is not found.
 */
export async function findVisibleContact(db: Db, registrarHandle: string, handle: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(
      sql`${contacts.handle} = ${handle} AND (
            ${contacts.registrarHandle} = ${registrarHandle}
            OR EXISTS (SELECT 1 FROM domains d WHERE d.registrant_handle = ${handle} AND d.registrar_handle = ${registrarHandle})
            OR EXISTS (SELECT 1 FROM domain_contacts dc JOIN domains d ON d.id = dc.domain_id
                        WHERE dc.contact_handle = ${handle} AND d.registrar_handle = ${registrarHandle}))`,
    )
    .limit(1);
  return row;
}
