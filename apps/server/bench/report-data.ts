import { count, eq } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { domains } from '../src/db/schema';
import { loadRegistry } from '../src/seed/load';
import { demoRegistrarHandles } from '../src/seed/registrars';

/** The registrar the benchmark downloads the report of: the generator's first one. */
export const benchRegistrar = demoRegistrarHandles[0];

/**
 * One registrar with `domainCount` domains from the registry generator (`npm run seed`), with
 * everything that comes with them (contacts, statuses, nameservers, billing events). Kept between
 * runs when the registrar already has exactly that many domains.
 */
export async function loadBenchRegistry(database: Database, domainCount: number): Promise<void> {
  const [own] = await database.db.select({ n: count() }).from(domains).where(eq(domains.registrarHandle, benchRegistrar));
  if (own?.n === domainCount) {
    console.log(`data            ${domainCount.toLocaleString('en')} domains of ${benchRegistrar} already loaded`);
    return;
  }
  const [all] = await database.db.select({ n: count() }).from(domains);
  if ((all?.n ?? 0) > 0) throw new Error('the benchmark database holds other data: run again with --fresh');
  const summary = await loadRegistry(database, { seed: 1, quotas: [domainCount], today: Date.now(), tld: 'be', progress: true });
  console.log(`data            ${summary.domains.toLocaleString('en')} domains of ${benchRegistrar} generated in ${summary.seconds.toFixed(0)} s`);
}
