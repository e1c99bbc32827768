import { count, eq } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { domains } from '../src/db/schema';
import { loadRegistry } from '../src/seed/load';
import { demoRegistrarHandles } from '../src/seed/registrars';

/** The registrar the benchmark downloads the report of: the generator's first one. */
export const benchRegistrar = demoRegistrarHandles[0];

/** How many domains the database holds: the benchmark's registrar's, and everyone's. */
export async function benchDomainCounts(database: Database): Promise<{ own: number; all: number }> {
  const [own] = await database.db.select({ n: count() }).from(domains).where(eq(domains.registrarHandle, benchRegistrar));
  const [all] = await database.db.select({ n: count() }).from(domains);
  return { own: own?.n ?? 0, all: all?.n ?? 0 };
}

/**
 * One registrar with `domainCount` domains from the registry generator (`npm run seed`), with
 * everything that comes with them (contacts, statuses, nameservers, billing events). Kept between
 * runs when the registrar already has exactly that many domains.
 */
export async function loadBenchRegistry(database: Database, domainCount: number): Promise<void> {
  const { own, all } = await benchDomainCounts(database);
  if (own === domainCount) {
    console.log(`data            ${domainCount.toLocaleString('en')} domains of ${benchRegistrar} already loaded`);
    return;
  }
  if (all > 0) throw new Error('the benchmark database holds other data: run again with --fresh');
  const summary = await loadRegistry(database, { seed: 1, quotas: [domainCount], today: Date.now(), tld: 'be', progress: true });
  console.log(`data            ${summary.domains.toLocaleString('en')} domains of ${benchRegistrar} generated in ${summary.seconds.toFixed(0)} s`);
}
