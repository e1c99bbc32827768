import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { brusselsDay, type DomainSearchFilters } from '@registrar-panel/contract';
import { databaseUrlOf, openDatabase, type Database } from '../src/db/database';
import { domainQuotas } from '../src/seed/generate';
import { loadRegistry } from '../src/seed/load';
import { generatorOptions, toGeneratorArguments } from '../src/seed/options';
import { Random } from '../src/seed/random';
import { demoRegistrarHandles } from '../src/seed/registrars';
import { sqlRows } from '../src/db/sql-rows';
import { benchDatabaseName, openBenchServer } from './bench-server';
import { download, psqlCopySeconds, sqlLiteral } from './downloads';
import { planSearch } from '../src/modules/registrations/search-pattern';
import { searchDomains } from '../src/modules/registrations/search.service';
import { domainReportSql } from '../src/modules/registrar/report.repository';
import { freshToken, mb, memoryKb, removeCompiled, resetPeakMemory, startPortal } from './processes';

/*
 * `npm run bench:search [-- --domains N --registrars R --seed S --cold --database NAME]`
 * Loads generated data into the registry's database (kept between runs and shared with the other
 * benchmarks, see bench-server.ts; on DATABASE_URL's server, else the embedded one) and
 * times the registration search of the largest registrar per kind of input: p50/p95/max of the whole
 * service call (count, page and result rows), with the number of matches. Then the same with the
 * portfolio's filters: each filter alone with terms of 3+ characters and with `*`, beside
 * the unfiltered figures above. Then, through the portal running as `npm start` runs it: the
 * overview (`GET /services/domains/overview`) and its renewal forecast beside a floor (`GET /services/config`, no database),
 * and the CSV export of every registration of the registrar (`GET /services/domains/search/csv?ulabel=*`)
 * beside `psql \copy` of the same rows, with the portal's memory before, at its peak during and after.
 * The search through the portal (`GET /services/domains/search`, each answer one entry of the
 * personal-data log) with the log on and off, two portals side by side called in turn, so that the
 * machine's other load falls on both alike: p95 with the log stays within 10 % of p95 without.
 * `--no-personal-data-log` runs the portal's other phases without the log; `--portal-only` skips the
 * service's own timings, `--service-only` the portal's phases. `--replica URL` (a server URL, as
 * DATABASE_REPLICA_URLS takes; bench/replica.sh starts one of the embedded cluster) times the
 * service's searches on that streaming replica, where the portal sends them, instead of the primary.
 */

const tld = 'be';
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    ...generatorOptions,
    rounds: { type: 'string' },
    cold: { type: 'boolean' },
    database: { type: 'string' },
    // The portal's phases with the personal-data log off (PERSONAL_DATA_LOG=false), to compare with a run without it.
    'no-personal-data-log': { type: 'boolean' },
    // Only the phases through the portal (the log's cost, the overview, the export), not the service's own timings.
    'portal-only': { type: 'boolean' },
    // Only the service's own timings (with --cold: after a restart, without the portal's phases again).
    'service-only': { type: 'boolean' },
    // The service's timings read from this streaming replica of the server (the load and the portal's phases stay on the primary).
    replica: { type: 'string' },
  },
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
  let database = await openReads();
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
      database = await openReads();
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

const filterGoals = { p95Ms: 50, maxMs: 250 };
type FilterKind = { name: string; filters: (sample: Sample) => DomainSearchFilters };
type Sample = { label: string; aLabel: string; registrant: string | null };
const day = (days: number) => brusselsDay(new Date(Date.now() + days * 86_400_000));
/** Each filter alone: common and rare values of each. */
const filterKinds: FilterKind[] = [
  { name: 'status=ok', filters: () => ({ status: 'ok' }) },
  { name: 'status=pendingDelete', filters: () => ({ status: 'pendingDelete' }) },
  { name: 'label=TRANSFER_LOCK', filters: () => ({ label: 'TRANSFER_LOCK' }) },
  { name: 'label=DOMAINGUARD', filters: () => ({ label: 'DOMAINGUARD' }) },
  { name: 'rgp=NONE', filters: () => ({ rgp: 'NONE' }) },
  { name: 'rgp=AUTO_RENEW_PERIOD', filters: () => ({ rgp: 'AUTO_RENEW_PERIOD' }) },
  { name: 'idn', filters: () => ({ idn: 'true' }) },
  { name: 'expires in 30 days', filters: () => ({ expiresFrom: day(0), expiresTo: day(30) }) },
  { name: 'expires within a year', filters: () => ({ expiresFrom: day(0), expiresTo: day(365) }) },
  { name: 'registrant', filters: (sample) => ({ registrant: sample.registrant ?? 'none' }) },
  { name: 'ok+TRANSFER_LOCK+NONE', filters: () => ({ status: 'ok', label: 'TRANSFER_LOCK', rgp: 'NONE' }) },
];
/** Terms of 3+ characters, and `*` (the overview's links). */
const filteredTermKinds: Kind[] = [
  { kind: 'prefix, 3 chars', term: (label) => `${[...label].slice(0, 3).join('')}*` },
  { kind: 'infix, 3 chars', term: (label) => `*${[...label].slice(1, 4).join('')}*` },
  { kind: 'suffix, 4 chars', term: (label) => `*${[...label].slice(-4).join('')}` },
  { kind: 'everything (*)', term: () => '*' },
];

async function sampleRegistrants(database: Database, samples: { label: string; aLabel: string }[]): Promise<Sample[]> {
  const rows = await sqlRows<{ u_label: string; registrant_handle: string | null }>(
    database.db,
    sql`SELECT u_label, registrant_handle FROM domains WHERE registrar_handle = ${registrar} AND u_label = ANY(${`{${samples.map((s) => `"${s.label}.${tld}"`).join(',')}}`}::text[])`,
  );
  const byName = new Map(rows.map((r) => [r.u_label, r.registrant_handle]));
  return samples.map((s) => ({ ...s, registrant: byName.get(`${s.label}.${tld}`) ?? null }));
}

/** The filtered kinds, warm: p50/p95/max per filter and kind of term, goals beside. */
async function measureFiltered(): Promise<boolean> {
  const database = await openReads();
  const samples = await sampleRegistrants(database, await sampleLabels(database));
  console.log(
    `\nfiltered searches (${rounds} searches per row, \`*\` ${Math.ceil(rounds / 2)} times; goals p95 ≤ ${filterGoals.p95Ms} ms for 3+ characters, nothing over ${filterGoals.maxMs} ms)`,
  );
  console.log(
    `${'filter'.padEnd(24)} ${'term'.padEnd(16)} ${'n'.padStart(3)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'matches (median)'.padStart(17)}`,
  );
  let met = true;
  for (const filterKind of filterKinds) {
    for (const kind of filteredTermKinds) {
      const pairs = samples
        .map((sample) => ({ term: kind.term(sample.label, sample.aLabel), filters: filterKind.filters(sample) }))
        .filter((p): p is { term: string; filters: DomainSearchFilters } => p.term !== null);
      const unique = [...new Map(pairs.map((p) => [`${p.term} ${JSON.stringify(p.filters)}`, p])).values()];
      const runs = unique.length === 1 ? Array.from({ length: Math.ceil(rounds / 2) }, () => unique[0]!) : unique.slice(0, rounds);
      for (const p of runs.slice(0, 2)) await searchDomains(database.db, tld, { registrarHandle: registrar, ulabel: p.term, page: 0, size: 100, ...p.filters });
      const times: number[] = [];
      const counts: number[] = [];
      let slowest = { term: '', ms: 0 };
      for (const p of runs) {
        const started = performance.now();
        const result = await searchDomains(database.db, tld, { registrarHandle: registrar, ulabel: p.term, page: 0, size: 100, ...p.filters });
        const ms = performance.now() - started;
        times.push(ms);
        counts.push(result.totalResults);
        if (ms > slowest.ms) slowest = { term: `${p.term} ${JSON.stringify(p.filters)}`, ms };
      }
      times.sort((a, b) => a - b);
      counts.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      const max = times[times.length - 1] ?? 0;
      const ok = max <= filterGoals.maxMs && (kind.kind.startsWith('everything') || p95 <= filterGoals.p95Ms);
      met &&= ok;
      console.log(
        `${filterKind.name.padEnd(24)} ${kind.kind.padEnd(16)} ${String(times.length).padStart(3)} ${percentile(times, 0.5).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${max.toFixed(1).padStart(8)} ${percentile(counts, 0.5).toLocaleString('en').padStart(17)}   ${ok ? '' : 'NOT met, '}slowest: ${slowest.term}`,
      );
    }
  }
  await database.close();
  return met;
}

function stats(times: number[]): string {
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${(times[times.length - 1] ?? 0).toFixed(1)} ms`;
}

async function timeGets(url: string, token: string, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

const logSwitch = (on: boolean): Record<string, string> => (on ? {} : { PERSONAL_DATA_LOG: 'false' });

/**
 * The search through two portals at once, the personal-data log on in one and off in the other,
 * called in turn with the same terms (exact names and 5-character prefixes, a page of 100), so that
 * whatever else the machine runs weighs on both alike. Goal: p95 with the log within 10 % of without.
 */
async function measureSearchLog(databaseUrl: string, terms: string[]): Promise<boolean> {
  const [on, off] = await Promise.all([
    startPortal(databaseUrl, { BENCH_REGISTRAR: registrar }),
    startPortal(databaseUrl, { BENCH_REGISTRAR: registrar, ...logSwitch(false) }),
  ]);
  try {
    const url = (portal: typeof on, term: string) =>
      `http://127.0.0.1:${portal.ready.port}/services/domains/search?ulabel=${encodeURIComponent(term)}&page=0&size=100`;
    const [onToken, offToken] = [on.ready.token, off.ready.token];
    // Warm both alike.
    for (const term of terms.slice(0, 20)) {
      await timeGets(url(on, term), onToken, 1);
      await timeGets(url(off, term), offToken, 1);
    }
    const withLog: number[] = [];
    const withoutLog: number[] = [];
    for (const [i, term] of terms.entries()) {
      // Which goes first alternates, so that neither always meets the caches the other warmed.
      const pair =
        i % 2 === 0
          ? ([
              [on, onToken, withLog],
              [off, offToken, withoutLog],
            ] as const)
          : ([
              [off, offToken, withoutLog],
              [on, onToken, withLog],
            ] as const);
      for (const [portal, token, times] of pair) times.push(...(await timeGets(url(portal, term), token, 1)));
    }
    const p95 = (times: number[]) =>
      percentile(
        [...times].sort((a, b) => a - b),
        0.95,
      );
    const ratio = p95(withLog) / p95(withoutLog);
    const ok = ratio <= 1.1;
    console.log(
      `\nsearch through the portal (GET /services/domains/search, ${terms.length} calls each, in turn, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}):`,
    );
    console.log(`  personal-data log on:  ${stats(withLog)}`);
    console.log(`  personal-data log off: ${stats(withoutLog)}`);
    console.log(`  p95 on / off: ${ratio.toFixed(3)} (goal ≤ 1.10: ${ok ? 'met' : 'NOT met'})`);
    return ok;
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
}

/** The overview and the export through the portal process. */
async function measurePortal(databaseUrl: string, own: number): Promise<boolean> {
  const portal = await startPortal(databaseUrl, { BENCH_REGISTRAR: registrar, ...logSwitch(!values['no-personal-data-log']) });
  const base = `http://127.0.0.1:${portal.ready.port}/services`;
  let met = true;
  try {
    let token = portal.ready.token;
    await timeGets(`${base}/config`, token, 20);
    await timeGets(`${base}/domains/overview`, token, 5);
    const floor = await timeGets(`${base}/config`, token, 100);
    const overview = await timeGets(`${base}/domains/overview`, token, 100);
    overview.sort((a, b) => a - b);
    const overviewOk = percentile(overview, 0.95) < 100;
    met &&= overviewOk;
    console.log(
      `\noverview (GET /services/domains/overview, ${own.toLocaleString('en')} registrations, 100 calls): ${stats(overview)} (goal p95 < 100 ms: ${overviewOk ? 'met' : 'NOT met'})`,
    );
    console.log(`  floor GET /services/config (no database):              ${stats(floor)}`);
    // The overview's renewal forecast (twelve months of expiries, as CSV): read from the same rows.
    const forecast = await timeGets(`${base}/domains/overview/forecast/csv`, token, 20);
    console.log(`forecast (GET /services/domains/overview/forecast/csv, 20 calls): ${stats(forecast)}`);

    const copyFloor = psqlCopySeconds(databaseUrl, domainReportSql(sqlLiteral(registrar)));
    token = await freshToken(portal);
    const rssBefore = memoryKb(portal.pid, 'VmRSS');
    resetPeakMemory(portal.pid);
    let rssDuring = 0;
    const run = await download(`${base}/domains/search/csv?ulabel=*`, token, (lines) => {
      if (lines > own / 2 && rssDuring === 0) rssDuring = memoryKb(portal.pid, 'VmRSS');
    });
    const { rows, bytes, seconds } = run;
    const announced = run.announced ?? -1;
    const peak = memoryKb(portal.pid, 'VmHWM');
    const rssAfter = memoryKb(portal.pid, 'VmRSS');
    const exportOk = seconds <= 10 && rows === own && announced === own;
    met &&= exportOk;
    console.log(
      `\nexport (GET /services/domains/search/csv?ulabel=*): ${rows.toLocaleString('en')} rows (header said ${announced.toLocaleString('en')}), ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(2)} s (goal ≤ 10 s: ${exportOk ? 'met' : 'NOT met'})`,
    );
    if (copyFloor !== undefined) console.log(`  floor psql \\copy of the same rows to /dev/null: ${copyFloor.toFixed(2)} s`);
    console.log(`  portal memory: ${mb(rssBefore)} MB before, ${mb(rssDuring)} MB half way, ${mb(peak)} MB peak, ${mb(rssAfter)} MB after`);
  } finally {
    await portal.stop();
    removeCompiled();
  }
  return met;
}

async function loadInto(database: Database): Promise<void> {
  const [{ count } = { count: 0 }] = await sqlRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM domains`);
  if (count === args.domains) {
    console.error(`reusing the loaded bench database (${count.toLocaleString('en')} domains)`);
    return;
  }
  const started = performance.now();
  await loadRegistry(database, { seed: args.seed, quotas: domainQuotas(args.domains, args.registrars), today: args.today, tld, progress: true });
  const [{ bytes } = { bytes: 0 }] = await sqlRows<{ bytes: number }>(database.db, sql`SELECT pg_database_size(current_database())::float8 AS bytes`);
  console.log(
    `loaded ${args.domains.toLocaleString('en')} registrations (the generator streaming into the feed's importer, no file) in ${((performance.now() - started) / 1000).toFixed(0)} s; database ${(bytes / 1024 ** 3).toFixed(1)} GiB; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

const server = await openBenchServer();
const name = values.database ?? benchDatabaseName(args.domains, args.registrars, args.seed);
const open = async () => openDatabase({ databaseUrl: await server.database(name), dataDir: '' });
/** Where the service's searches read: the replica when one is given (read-only: nothing migrated there, only checked). */
const openReads = async () => (values.replica ? openDatabase({ databaseUrl: databaseUrlOf(values.replica, name), dataDir: '', migrations: 'refuse' }) : open());
try {
  const database = await open();
  await loadInto(database);
  await database.close();
  let met = true;
  if (!values['portal-only']) {
    await measure(values.replica ? `a streaming replica of ${server.label}` : server.label);
    met = await measureFiltered();
  }
  if (!values['service-only']) {
    const database2 = await open();
    const [{ own } = { own: 0 }] = await sqlRows<{ own: number }>(
      database2.db,
      sql`SELECT count(*)::int AS own FROM domains WHERE registrar_handle = ${registrar}`,
    );
    const samples = await sampleLabels(database2);
    await database2.close();
    const terms = samples.flatMap(({ label }) => [`${label}.${tld}`, `${[...label].slice(0, 5).join('')}*`]);
    met = (await measureSearchLog(await server.database(name), terms)) && met;
    met = (await measurePortal(await server.database(name), own)) && met;
  }
  if (!met) process.exitCode = 1;
} finally {
  await server.stop();
}
