import type { FastifyInstance } from 'fastify';
import { seedDemoUsers } from '../../identity/demo/demo-users';
import { registrars } from '../schema';
import { seedDemoRegistry } from './demo-registry';

/**
 * Demo mode on an empty database: demo registrars with their registry data, then their users.
 * A database that already holds registrars keeps its data; demo registrars in it (say from
 * `npm run seed`) still get their demo users, unless they have users of their own (identity/demo/demo-users.ts).
 */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  const existing = await app.db.select({ handle: registrars.handle }).from(registrars).limit(1);
  if (existing.length === 0) {
    app.log.info('empty database in demo mode: loading demo data');
    await seedDemoRegistry(app);
  }
  await seedDemoUsers(app);
}
