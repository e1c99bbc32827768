import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/database';
import { oidcModels } from '../../db/schema';
import { isStorableText } from '../../lib/text-safety';

/** Expired rows are swept every so many writes; reads ignore them in any case. */
const sweepEvery = 200;

/**
 * Storage of the embedded OpenID provider (sessions, interactions, grants, codes, refresh tokens)
 * in `oidc_models`, one row per model instance, so that signing in survives a restart and
 * several processes can share it.
 */
export function oidcAdapterFactory(db: Db): (model: string) => Adapter {
  let writes = 0;
  const notExpired = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date()));

  async function findWhere(model: string, key: string, condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    // Ids come from requests (a client assertion's `sub`, a cookie): one the database cannot hold names nothing.
    if (!isStorableText(key)) return undefined;
    const [row] = await db
      .select({ payload: oidcModels.payload, consumed: oidcModels.consumed })
      .from(oidcModels)
      .where(and(eq(oidcModels.model, model), condition, notExpired()))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumed ? { ...payload, consumed: true } : payload;
  }

  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      const values = {
        model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
        consumed: false,
      };
      await db
        .insert(oidcModels)
        .values(values)
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: values });
      if (++writes % sweepEvery === 0) await db.delete(oidcModels).where(lt(oidcModels.expiresAt, new Date()));
    },
    find: (id) => findWhere(model, id, eq(oidcModels.id, id)),
    findByUid: (uid) => findWhere(model, uid, eq(oidcModels.uid, uid)),
    findByUserCode: (userCode) => findWhere(model, userCode, eq(oidcModels.userCode, userCode)),
    async consume(id) {
      await db
        .update(oidcModels)
        .set({ consumed: true })
        .where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)));
    },
    async destroy(id) {
      await db.delete(oidcModels).where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)));
    },
    async revokeByGrantId(grantId) {
      // Every token of the grant goes, whatever its model: that is what revoking a grant means.
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    },
  });
}

/**
 * Ends every session and grant of an account, with the grants' refresh tokens and codes, in one
 * statement: after a password reset, a TOTP reset, a change of roles or the account's deletion.
 */
export async function revokeAccountSessions(db: Db, accountId: string): Promise<void> {
  const ofAccount = sql`${oidcModels.payload}->>'accountId' = ${accountId}`;
  const grantsOfAccount = db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(and(eq(oidcModels.model, 'Grant'), ofAccount));
  await db.delete(oidcModels).where(or(and(inArray(oidcModels.model, ['Grant', 'Session']), ofAccount), inArray(oidcModels.grantId, grantsOfAccount)));
}

/**
 * Ends sessions of an account (by their uid: the `sid` of its access tokens), with their grants and
 * every token of those grants, in one statement: `only` those given, or every one `except` one
 * (My account's "Sign out everywhere else"). The sessions' refresh tokens then fail
 * (`expiresWithSession`), and the API refuses their access tokens (modules/account/). Answers the
 * uids ended.
 */
export async function revokeSessionsOf(db: Db, accountId: string, which: { only: readonly string[] } | { except: string | null }): Promise<string[]> {
  const selected =
    'only' in which
      ? which.only.length > 0
        ? inArray(oidcModels.uid, [...which.only])
        : sql`false`
      : which.except === null
        ? sql`true`
        : sql`${oidcModels.uid} is distinct from ${which.except}`;
  const result = await db.execute<{ uid: string }>(sql`
    with sessions as (
      select ${oidcModels.id} as id, ${oidcModels.uid} as uid, ${oidcModels.payload} as payload from ${oidcModels}
      where ${oidcModels.model} = 'Session' and ${oidcModels.payload}->>'accountId' = ${accountId} and ${selected}
    ),
    grants as (select value->>'grantId' as id from sessions, jsonb_each(coalesce(sessions.payload->'authorizations', '{}'::jsonb))),
    _gone as (
      delete from ${oidcModels}
      where (${oidcModels.model} = 'Session' and ${oidcModels.id} in (select id from sessions))
         or (${oidcModels.model} = 'Grant' and ${oidcModels.id} in (select id from grants))
         or ${oidcModels.grantId} in (select id from grants)
         or (${oidcModels.payload}->>'sessionUid' in (select uid from sessions) and ${oidcModels.payload}->>'accountId' = ${accountId})
    )
    select distinct uid from sessions`);
  return result.rows.map((row) => row.uid);
}

/** Which of `uids` are open sessions of the account (signed out or expired ones are not). */
export async function openSessionUids(db: Db, accountId: string, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .select({ uid: oidcModels.uid })
    .from(oidcModels)
    .where(
      and(
        eq(oidcModels.model, 'Session'),
        inArray(oidcModels.uid, [...uids]),
        sql`${oidcModels.payload}->>'accountId' = ${accountId}`,
        or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date())),
      ),
    );
  return new Set(rows.flatMap((row) => (row.uid ? [row.uid] : [])));
}
