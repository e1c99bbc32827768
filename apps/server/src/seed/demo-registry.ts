import type { FastifyInstance } from 'fastify';
import { demoQuotas, demoSeed } from './demo-data';
import { loadRegistry } from './load';
import { startOfUtcDay } from './options';

/**
 * Loads the demo registrars and their registry data; the caller makes sure the database is empty.
 * `primaryFingerprints`: the certificates on file whose fingerprints the registrars' connections present.
 */
export async function seedDemoRegistry(app: FastifyInstance, primaryFingerprints: Readonly<Record<string, string>> = {}): Promise<void> {
  const summary = await loadRegistry(app.database, {
    seed: demoSeed,
    quotas: demoQuotas,
    today: startOfUtcDay(Date.now()),
    tld: app.config.tld,
    primaryFingerprints,
  });
  app.log.info(summary, 'demo registry data loaded');
}
