import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/database';
import { domainQuotas } from '../src/db/seed/generate';
import { loadRegistry } from '../src/db/seed/load';
import { generatorOptions, toGeneratorArguments } from '../src/db/seed/options';
import { Random } from '../src/db/seed/random';
import { demoRegistrarHandles } from '../src/db/seed/registrars';
import { sqlRows } from '../src/modules/domains/sql-rows';
import { benchDatabaseName, openBenchServer } from './bench-server';
import { planSearch } from '../src/modules/domains/search-pattern';
import { searchDomains } from '../src/modules/domains/search.service';

/*
 * `npm run bench:search [-- --domains N --registrars R --seed S --cold]`
 * Loads generated data into the registry's database (kept between runs and shared with the other
 * benchmarks, see bench-server.ts; on DATABASE_URL's server, else the embedded one) and
 * times the registration search of the largest registrar per kind of input: p50/p95/max of the whole
 * service call (count, page and result rows), with the number of matches.
 */

const tld = 'be';
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { ...generatorOptions, rounds: { type: 'string' }, cold: { type: 'boolean' } },
  strict: true,
});
const args = toGeneratorArguments(values, { domains: 1_000_000, registrars: 1 });
const rounds = Number(values.rounds ?? 40);
const registrar = demoRegistrarHandles[0];

type Kind = { kind: string; term: (label: string, aLabel: string) => string | null };

/** Search inputs derived from real names of the registrar, per kind. */
const kinds: Kind[] = [
  { kind: 'exact U-label', term: (label) => `${label}.${tld}` },
  { kind: 'exact A-label (IDN)', term: (label, aLabel) => (aLabel.startsWith('xn--') ? aLabel : null) },
  { kind: 'prefix, 3 chars', term: (label) => `${[...label].slice(0, 3).join('')}*` },
  { kind: 'prefix, 5 chars', term: (label) => `${[...label].slice(0, 5).join('')}*` },
  { kind: 'suffix, 4 chars', term: (label) => `*${[...label].slice(-4).join('')}` },
  { kind: 'infix, 3 chars', term: (label) => `*${[...label].slice(1, 4).join('')}*` },
  { kind: 'infix, 5 chars', term: (label) => `*${[...label].slice(1, 6).join('')}*` },
  { kind: 'two parts (a*b)', term: (label) => `*${[...label].slice(0, 3).join('')}*${[...label].slice(-3).join('')}` },
  { kind: 'short infix, 2 chars', term: (label) => `*${[...label].slice(1, 3).join('')}*` },
  { kind: 'short infix, 1 char', term: (label) => `*${[...label][1] ?? 'a'}*` },
  { kind: 'short suffix, 2 chars', term: (label) => `*${[...label].slice(-2).join('')}` },
  { kind: 'short prefix, 1 char', term: (label) => `${[...label][0] ?? 'a'}*` },
  { kind: 'everything (*)', term: () => '*' },
  { kind: 'all IDNs (xn--*)', term: () => 'xn--*' },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

async function sampleLabels(database: Database): Promise<{ label: string; aLabel: string }[]> {
  const [bounds] = await sqlRows<{ min: string; max: string }>(database.db, sql`SELECT min(id)::text AS min, max(id)::text AS max FROM domains`);
  const random = new Random(args.seed);
  const ids = Array.from(
    { length: rounds * 6 },
    () => Number(bounds?.min ?? 1) + Math.floor(random.next() * (Number(bounds?.max ?? 1) - Number(bounds?.min ?? 1))),
  );
  const rows = await sqlRows<{ u_label: string; a_label: string }>(
    database.db,
    sql`SELECT u_label, a_label FROM domains WHERE registrar_handle = ${registrar} AND id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
  );
  const idns = await sqlRows<{ u_label: string; a_label: string }>(
    database.db,
    sql`SELECT u_label, a_label FROM domains WHERE registrar_handle = ${registrar} AND a_label >= 'xn--' AND a_label < 'xn-.' LIMIT ${rounds}`,
  );
  return [...rows, ...idns].map((r) => ({ label: r.u_label.slice(0, -(tld.length + 1)), aLabel: r.a_label }));
}

/**
 * Times every kind. Warm (the default), after one untimed round per kind, as a running portal has
 * its caches. With `--cold`, each kind starts on a restarted database server with the operating
 * system's page cache dropped, as after a restart of the portal and its database.
 */
async function measure(engine: string): Promise<void> {
  let database = await open();
  const samples = await sampleLabels(database);
  const [{ total } = { total: 0 }] = await sqlRows<{ total: number }>(database.db, sql`SELECT count(*)::int AS total FROM domains`);
  const [{ own } = { own: 0 }] = await sqlRows<{ own: number }>(
    database.db,
    sql`SELECT count(*)::int AS own FROM domains WHERE registrar_handle = ${registrar}`,
  );
  console.log(
    `\n${engine}: ${own.toLocaleString('en')} domains of registrar ${registrar} among ${total.toLocaleString('en')}; ${rounds} searches per kind, page 0 unless noted, count included, ${values.cold ? 'caches emptied before each kind' : 'caches warm'}`,
  );
  console.log(
    `${'kind'.padEnd(24)} ${'strategy'.padEnd(8)} ${'n'.padStart(3)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'matches (median)'.padStart(17)}`,
  );
  for (const kind of kinds) {
    const terms = [...new Set(samples.map((s) => kind.term(s.label, s.aLabel)).filter((t): t is string => t !== null))].slice(0, rounds);
    if (values.cold) {
      await database.close();
      const note = await server.coldStart();
      if (note) console.log(`  (${note})`);
      database = await open();
    } else {
      // One untimed round warms the caches the way a running portal has them warm.
      for (const term of terms.slice(0, 3)) await searchDomains(database.db, tld, { registrarHandle: registrar, ulabel: term, page: 0, size: 100 });
    }
    // Terms of one kind can take different ways (`*ab-c*` has no three-letter run): one row per way.
    const byStrategy = new Map<string, { times: number[]; counts: number[]; slowest: { term: string; ms: number } }>();
    for (const term of terms) {
      const strategy = planSearch(term, tld).strategy;
      const started = performance.now();
      const result = await searchDomains(database.db, tld, { registrarHandle: registrar, ulabel: term, page: 0, size: 100 });
      const ms = performance.now() - started;
      const entry = byStrategy.get(strategy) ?? { times: [], counts: [], slowest: { term: '', ms: 0 } };
      entry.times.push(ms);
      entry.counts.push(result.totalResults);
      if (ms > entry.slowest.ms) entry.slowest = { term, ms };
      byStrategy.set(strategy, entry);
    }
    for (const [strategy, { times, counts, slowest }] of byStrategy) {
      times.sort((a, b) => a - b);
      counts.sort((a, b) => a - b);
      console.log(
        `${kind.kind.padEnd(24)} ${strategy.padEnd(8)} ${String(times.length).padStart(3)} ${percentile(times, 0.5).toFixed(1).padStart(8)} ${percentile(times, 0.95).toFixed(1).padStart(8)} ${(times[times.length - 1] ?? 0).toFixed(1).padStart(8)} ${percentile(counts, 0.5).toLocaleString('en').padStart(17)}   slowest: ${slowest.term}`,
      );
    }
  }
  // A page in the middle of the broadest search: the registrar's names are read in order up to it.
  const started = performance.now();
  const deep = await searchDomains(database.db, tld, { registrarHandle: registrar, ulabel: '*', page: Math.floor(own / 200), size: 100 });
  console.log(
    `${'everything, middle page'.padEnd(24)} ${planSearch('*', tld).strategy.padEnd(8)} ${(performance.now() - started).toFixed(1).padStart(8)} ms (${deep.results.length} rows)`,
  );
  await database.close();
}

async function loadInto(database: Database): Promise<void> {
  const [{ count } = { count: 0 }] = await sqlRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM domains`);
  if (count === args.domains) {
    console.error(`reusing the loaded bench database (${count.toLocaleString('en')} domains)`);
    return;
  }
  await loadRegistry(database, { seed: args.seed, quotas: domainQuotas(args.domains, args.registrars), today: args.today, tld, progress: true });
}

const server = await openBenchServer();
const name = benchDatabaseName(args.domains, args.registrars, args.seed);
const open = async () => openDatabase({ databaseUrl: await server.database(name), dataDir: '' });
try {
  const database = await open();
  await loadInto(database);
  await database.close();
  await measure(server.label);
} finally {
  await server.stop();
}
