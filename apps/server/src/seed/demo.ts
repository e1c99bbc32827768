import type { FastifyInstance } from 'fastify';
import { seedDemoUsers } from '../identity/demo/demo-users';
import { registrars } from '../db/schema';
import { demoCertificateRegistrar, makeDemoCertificate, seedDemoCertificates } from './demo-certificates';
import { seedDemoRegistry } from './demo-registry';

/** Held while one instance seeds: instances starting together in demo mode load the demo once. */
const seedLock = 'registrar-panel:demo-seed';

/**
 * Demo mode on an empty database: demo registrars with their registry data, then their users.
 * A database that already holds registrars keeps its data; demo registrars in it (say from
 * `npm run seed`) still get their demo users, unless they have users of their own (identity/demo/demo-users.ts).
 * Instances starting together take turns (an advisory lock): the first loads, the others find it loaded.
 */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  const lock = await app.database.pool.connect();
  try {
    // Tried, not blocked on, as the migrator does (db/migrator.ts): a blocked session holds a snapshot.
    while (!(await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [seedLock])).rows[0]?.locked) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    try {
      const existing = await app.db.select({ handle: registrars.handle }).from(registrars).limit(1);
      if (existing.length === 0) {
        app.log.info('empty database in demo mode: loading demo data');
        const certificate = await makeDemoCertificate();
        await seedDemoRegistry(app, { [demoCertificateRegistrar]: certificate.facts.fingerprint });
        await seedDemoCertificates(app, certificate);
      }
      await seedDemoUsers(app);
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [seedLock]);
    }
  } finally {
    lock.release();
  }
}
