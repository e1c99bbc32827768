import type { FastifyInstance } from 'fastify';
import { loadRegistry } from './load';
import { startOfUtcDay } from './options';

/** Demo registrars acme, globex and icannsla with a few thousand registrations (a second or two on PGlite). */
export const demoQuotas = [2_500, 1_200, 60] as const;

/** Loads the demo registrars and their registry data; the caller makes sure the database is empty. */
export async function seedDemoRegistry(app: FastifyInstance): Promise<void> {
  const summary = await loadRegistry(app.database, { seed: 1, quotas: demoQuotas, today: startOfUtcDay(Date.now()), tld: app.config.tld });
  app.log.info(summary, 'demo registry data loaded');
}
