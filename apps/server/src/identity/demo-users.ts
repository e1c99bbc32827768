import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { registrars, users } from '../db/schema';
import { demoAccountKinds, demoPassword, demoRegistrarHandles, demoTotpSecret } from './demo-accounts';
import { hashPassword } from './passwords';
import { encryptTotpSecret, totpKey } from './totp';

/**
 * Demo mode: for each demo registrar that exists, its admin@, support@, tech@ and finance@ users,
 * active, with the fixed password and TOTP secret the README lists. Existing users are left alone.
 */
export async function seedDemoUsers(app: FastifyInstance): Promise<void> {
  // With Keycloak, the demo accounts are Keycloak's business.
  if (app.config.identity.mode !== 'embedded') return;
  const present = await app.db
    .select({ handle: registrars.handle })
    .from(registrars)
    .where(inArray(registrars.handle, [...demoRegistrarHandles]));
  if (present.length === 0) return;
  const key = totpKey(app.config.totpEncryptionKey);
  const passwordHash = await hashPassword(demoPassword);
  const rows = present.flatMap(({ handle }) =>
    demoAccountKinds.map((kind) => {
      const username = `${kind.name}@${handle}`;
      return {
        username,
        registrarHandle: handle,
        name: kind.person,
        email: `${kind.name}@${handle}.example`,
        roles: [kind.role],
        passwordHash,
        totpSecretEncrypted: encryptTotpSecret(demoTotpSecret(username), key),
        state: 'active',
      };
    }),
  );
  await app.db.insert(users).values(rows).onConflictDoNothing();
  app.log.info({ users: rows.length }, 'demo users ready');
}
