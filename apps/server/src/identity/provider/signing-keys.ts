import { sql } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTVerifyGetKey } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { identitySigningKeys } from '../../db/schema';

export interface SigningKeys {
  /** Private keys, as the OpenID provider takes them. */
  privateJwks: JWK[];
  /** The matching public key set, for verifying tokens in-process. */
  verify: JWTVerifyGetKey;
}

/** Loads the persisted signing keys, creating the first one on a new database. */
export async function loadSigningKeys(db: Db): Promise<SigningKeys> {
  let rows = await db.select().from(identitySigningKeys);
  if (rows.length === 0) {
    // Instances starting together on an empty database must end with one key, or one instance could
    // not verify the tokens another signed: the first creates it under a lock, the others read it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('registrar-panel:signing-key'))`);
      if ((await tx.select({ kid: identitySigningKeys.kid }).from(identitySigningKeys).limit(1)).length > 0) return;
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
      await tx.insert(identitySigningKeys).values({ kid: jwk.kid, privateJwk: jwk });
    });
    rows = await db.select().from(identitySigningKeys);
  }
  const privateJwks = rows.map((row) => row.privateJwk as JWK);
  const publicJwks = privateJwks.map(({ kty, n, e, crv, x, y, kid, alg, use }) => ({ kty, n, e, crv, x, y, kid, alg, use }));
  return { privateJwks, verify: createLocalJWKSet({ keys: publicJwks }) };
}
