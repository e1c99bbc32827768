import type { FastifyInstance } from 'fastify';
import { and, inArray, notInArray, sql } from 'drizzle-orm';
import { registrars, users } from '../../db/schema';
import { demoAccountKinds, demoPassword, demoRegistrarHandles, demoTotpSecret } from './demo-accounts';
import { hashPassword } from '../sign-in/passwords';
import { encryptTotpSecret, totpKey } from '../sign-in/totp';

/**
 * Demo mode: for each demo registrar that exists, its admin@, support@, tech@ and finance@ users,
 * active, with the fixed password and TOTP secret the README lists. Existing users are left alone,
 * and a registrar that has users of its own gets no demo accounts: known passwords must never
 * open a real registrar (DEMO_MODE=true against a database that holds one).
 */
export async function seedDemoUsers(app: FastifyInstance): Promise<void> {
  // With Keycloak, the demo accounts are Keycloak's business.
  if (app.config.identity.mode !== 'embedded') return;
  const present = await app.db
    .select({ handle: registrars.handle })
    .from(registrars)
    .where(inArray(registrars.handle, [...demoRegistrarHandles]));
  if (present.length === 0) return;
  const handles = present.map(({ handle }) => handle);
  const demoUsernames = handles.flatMap((handle) => demoAccountKinds.map((kind) => `${kind.name}@${handle}`));
  const withOwnUsers = await app.db
    .selectDistinct({ handle: users.registrarHandle })
    .from(users)
    .where(and(inArray(users.registrarHandle, handles), notInArray(sql`lower(${users.username})`, demoUsernames)));
  const skipped = new Set(withOwnUsers.map(({ handle }) => handle));
  if (skipped.size > 0) app.log.warn({ registrars: [...skipped] }, 'demo registrars with users of their own get no demo users');
  const open = present.filter(({ handle }) => !skipped.has(handle));
  if (open.length === 0) return;
  const key = totpKey(app.config.totpEncryptionKey);
  const passwordHash = await hashPassword(demoPassword);
  const rows = open.flatMap(({ handle }) =>
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
