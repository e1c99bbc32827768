import { eq, sql } from 'drizzle-orm';
import type { Db } from './database';
import { preparedQuery } from './prepared';
import { registrars } from './schema';

/*
 * A registrar's status, which more than the registrar's own pages need: the API's gate
 * (plugins/registrar-status.ts) on every request, and the embedded sign-in, session and reset
 * (identity/). One prepared read, below every feature that asks.
 */

const registrarStatusByHandle = preparedQuery((db) =>
  db
    .select({ status: registrars.status })
    .from(registrars)
    .where(eq(registrars.handle, sql.placeholder('handle')))
    .prepare('registrar_status_by_handle'),
);

/** The registrar's status as stored now; read on every API request (plugins/registrar-status.ts), and at each sign-in. */
export async function findRegistrarStatus(db: Db, handle: string): Promise<string | undefined> {
  const [row] = await registrarStatusByHandle(db).execute({ handle });
  return row?.status;
}
