import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { apiKeys, registrars } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyRow = typeof apiKeys.$inferInsert;

/** The registrar's keys, newest first, revoked and expired ones included. */
export async function listApiKeys(db: Db, registrarHandle: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.registrarHandle, registrarHandle)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** One key of the registrar; another registrar's id finds nothing. */
export async function findOwnApiKey(db: Db, registrarHandle: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.registrarHandle, registrarHandle)));
  return row;
}

/**
 * Holds, until the transaction ends, the right to add keys to the registrar: two creations at once
 * then see each other's key, so the cap and the unique name hold under parallel requests.
 */
export async function lockKeyCreation(tx: Db, registrarHandle: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('registrar-panel:api-keys'), hashtext(${registrarHandle}))`);
}

/** The names of the registrar's keys that are neither revoked nor expired on `today` (Brussels). */
export async function activeKeyNames(db: Db, registrarHandle: string, today: string): Promise<string[]> {
  const rows = await db
    .select({ name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.registrarHandle, registrarHandle), isNull(apiKeys.revokedAt), gte(apiKeys.expiresOn, today)));
  return rows.map((row) => row.name);
}

export async function insertApiKey(db: Db, row: NewApiKeyRow): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  if (!inserted) throw new Error('the API key was not inserted');
  return inserted;
}

/** Revokes a key of the registrar that is not revoked yet; answers the row as now stored, or undefined. */
export async function revokeApiKey(db: Db, change: { registrarHandle: string; id: string; by: string; at: Date }): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: change.at, revokedBy: change.by })
    .where(and(eq(apiKeys.id, change.id), eq(apiKeys.registrarHandle, change.registrarHandle), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/** What authenticating a key reads: one primary-key row, by a statement prepared once per connection. */
const keyById = preparedQuery((db) =>
  db
    .select({
      id: apiKeys.id,
      registrarHandle: apiKeys.registrarHandle,
      name: apiKeys.name,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      allowedAddresses: apiKeys.allowedAddresses,
      expiresOn: apiKeys.expiresOn,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.id, sql.placeholder('id')))
    .prepare('api_key_by_id'),
);

export type ApiKeyAuthRow = Awaited<ReturnType<ReturnType<typeof keyById>['execute']>>[number];

export async function findApiKeyById(db: Db, id: string): Promise<ApiKeyAuthRow | undefined> {
  const [row] = await keyById(db).execute({ id });
  return row;
}

/**
 * Records a use of the key unless one was recorded less than `intervalSeconds` ago. One statement
 * that tests and writes: of parallel requests, the first takes the row and the others, once it
 * commits, see the new time and write nothing. Answers whether this call wrote.
 */
export async function recordApiKeyUse(db: Db, use: { id: string; ip: string; intervalSeconds: number }): Promise<boolean> {
  const result = await db.execute(sql`UPDATE api_keys SET last_used_at = now(), last_used_ip = ${use.ip}
    WHERE id = ${use.id} AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => ${use.intervalSeconds}))`);
  return (result.rowCount ?? 0) > 0;
}

/** The technical contact's address of a registrar, for the keys' mails. */
/** The technical contact's address and the registrar's language (of mails to contacts that are no users). */
export async function findTechContact(db: Db, registrarHandle: string): Promise<{ email: string; language: string } | undefined> {
  const [row] = await db
    .select({ techContact: registrars.techContact, language: registrars.language })
    .from(registrars)
    .where(eq(registrars.handle, registrarHandle));
  return row && { email: row.techContact.email, language: row.language };
}

/** Keys not revoked and not yet reminded whose expiry day is from `first` to `last` (both included). */
export async function keysDueForExpiryNotice(db: Db, first: string, last: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(isNull(apiKeys.revokedAt), isNull(apiKeys.expiryNoticeSentAt), gte(apiKeys.expiresOn, first), lte(apiKeys.expiresOn, last)))
    .orderBy(asc(apiKeys.registrarHandle), asc(apiKeys.expiresOn), asc(apiKeys.id));
}

/**
 * Claims a key's expiry notice: true for exactly one caller, however many run at once (a second
 * waits for the first's row lock, then finds the notice taken). Call in the transaction that
 * queues the mail, so a claim and its mail commit or roll back together.
 */
export async function claimExpiryNotice(tx: Db, id: string): Promise<boolean> {
  const rows = await tx
    .update(apiKeys)
    .set({ expiryNoticeSentAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.expiryNoticeSentAt), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
