/*
 * `npm run bench:history [-- --domains N] [--changes C] [--fresh]`: the registrations' past (issue
 * 34) of a registrar of N registrations (default 1,000,000) with C changes in its past (default
 * 1,000,000 closed versions), in a database of its own kept between runs.
 *
 * The data takes the registry's own path: the generator's snapshot streamed into the feed importer
 * (the first run's versions open at the snapshot), then batches of 100,000 random registration
 * changes (creations, updates, transfers both ways, deletions, renames, transfer requests) written
 * as feed files and imported, until the registrar's closed versions reach C.
 *
 * Printed beside their floors and goals, with the machine's load average (it is shared):
 * - the size of `registration_versions` (every partition, indexes and TOAST included) against the
 *   registrations' own tables; goal: at most twice;
 * - the first page of the portfolio on a date and of each kind of change between two dates (and
 *   their counts, requests of their own), and a timeline, through HTTP from the portal running compiled (as `npm start` runs it), the first call
 *   and the median of five; goal: under a second, beside a bare authenticated read (GET /services/registrar);
 * - the portfolio's CSV at a date against the domain report of today's rows in the same run, both
 *   beside `psql \copy` of their SELECT to /dev/null; goal: at most twice the domain report.
 */
import { createReadStream, unlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { openDatabase, type Database } from '../src/db/database';
import { importFeed } from '../src/feed/importer';
import { readPosition } from '../src/feed/position';
import { randomChanges, readRegistryState } from '../src/feed/random-changes.test-support';
import { readFeedLines } from '../src/feed/read-lines';
import { domainReportSql } from '../src/modules/registrar/report.repository';
import { changesCopySql, portfolioCopySql } from '../src/modules/registration-history/registration-history-export.repository';
import { writeFeedFile } from '../src/seed/feed-lines';
import { loadRegistry } from '../src/seed/load';
import { Random } from '../src/seed/random';
import { openBenchServer } from './bench-server';
import { download, psqlCopySeconds, sqlLiteral as quote } from './downloads';
import { freshToken, mb, memoryKb, removeCompiled, resetPeakMemory, startPortal } from './processes';
import { benchRegistrar } from './report-data';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { domains: { type: 'string' }, changes: { type: 'string' }, fresh: { type: 'boolean' } },
  strict: true,
});
const domainCount = Number(values.domains ?? 1_000_000);
const changeTarget = Number(values.changes ?? 1_000_000);
const batchSize = 100_000;
const tld = 'be';
const goals = { sizeRatio: 2, firstPageMs: 1000, csvTimesReport: 2 };
/** Registration changes only: the past keeps registrations, not contacts, billing or messages. */
const kinds = { create: 8, update: 57, transfer: 15, delete: 7, rename: 5, transferRequest: 8 };

const loads = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
const int = (n: number) => n.toLocaleString('en');
const one = async <T>(pool: pg.Pool, text: string, params: unknown[] = []): Promise<T> => (await pool.query(text, params)).rows[0] as T;

async function closedVersions(pool: pg.Pool): Promise<number> {
  const row = await one<{ n: number }>(pool, "SELECT count(*)::int AS n FROM registration_versions WHERE registrar_handle = $1 AND valid_to <> 'infinity'", [
    benchRegistrar,
  ]);
  return row.n;
}

/** The snapshot (once), then change batches until the registrar's past holds `changeTarget` closed versions. */
async function prepare(database: Database): Promise<void> {
  const { pool } = database;
  const held = await one<{ n: number }>(pool, 'SELECT count(*)::int AS n FROM domains');
  if (held.n === 0) {
    const summary = await loadRegistry(database, {
      seed: 1,
      quotas: [domainCount, Math.max(1, Math.round(domainCount / 50))],
      today: Date.now(),
      tld,
      progress: true,
    });
    console.log(`data            snapshot of ${int(summary.domains)} registrations (2 registrars) imported in ${summary.seconds.toFixed(0)} s`);
  }
  let closed = await closedVersions(pool);
  for (let batch = 1; closed < changeTarget; batch++) {
    // A fresh sample each batch, so the changes spread over the whole portfolio, not one sample of it.
    const state = await readRegistryState(pool, tld, 200_000);
    let seq = (await readPosition(pool)) + 1;
    const path = join(tmpdir(), `rp-history-bench-${process.pid}.ndjson`);
    await writeFeedFile(
      path,
      (function* () {
        for (const line of randomChanges(state, new Random(seq), batchSize, kinds)) yield { seq: seq++, ...line };
      })(),
      { label: `changes, batch ${batch}`, total: batchSize },
    );
    const started = performance.now();
    const result = await importFeed(database, readFeedLines(createReadStream(path)), { tld, batchSize: 10_000 });
    unlinkSync(path);
    if (result.stoppedAt) throw new Error(`the changes were refused at line ${result.stoppedAt.line}: ${result.stoppedAt.reason}`);
    closed = await closedVersions(pool);
    console.log(
      `data            batch ${batch}: ${int(batchSize)} changes imported in ${((performance.now() - started) / 1000).toFixed(0)} s; ${int(closed)} closed versions`,
    );
  }
}

interface Instants {
  knownFrom: Date;
  /** Just before the first change: the snapshot's portfolio. */
  start: Date;
  /** The instants by which half, 90 % and 99 % of the closed versions had ended. */
  middle: Date;
  p90: Date;
  p99: Date;
  end: Date;
}

async function instants(pool: pg.Pool): Promise<Instants> {
  const row = await one<{ knownFrom: Date; first: Date; cuts: Date[] }>(
    pool,
    `SELECT (SELECT known_from FROM registration_history_start) AS "knownFrom",
            (SELECT min(valid_to) FROM registration_versions WHERE registrar_handle = $1 AND valid_to <> 'infinity') AS first,
            (SELECT percentile_disc(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY valid_to)
               FROM registration_versions WHERE registrar_handle = $1 AND valid_to <> 'infinity') AS cuts`,
    [benchRegistrar],
  );
  const [middle, p90, p99] = row.cuts.map((cut) => new Date(cut)) as [Date, Date, Date];
  return { knownFrom: row.knownFrom, start: new Date(row.first.getTime() - 1), middle, p90, p99, end: new Date() };
}

/** Bytes of tables with their indexes and TOAST; a partitioned table's partitions summed. */
async function sizes(pool: pg.Pool): Promise<{ versions: number; own: Record<string, number>; facets: number }> {
  const size = async (table: string) =>
    (
      await one<{ bytes: string }>(
        pool,
        `SELECT (coalesce((SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = $1::regclass), 0)
                 + pg_total_relation_size($1::regclass))::text AS bytes`,
        [table],
      )
    ).bytes;
  // The registration's own state: the row and the tables that reference it for what it is.
  const ownTables = ['domains', 'domain_statuses', 'domain_contacts', 'nameservers', 'delegation_signers'];
  const own: Record<string, number> = {};
  for (const table of ownTables) own[table] = Number(await size(table));
  return { versions: Number(await size('registration_versions')), own, facets: Number(await size('domain_facets')) };
}

interface Timed {
  status: number;
  firstMs: number;
  medianMs: number;
  note: string;
}

async function timeGet(url: string, token: string, describe: (body: unknown) => string): Promise<Timed> {
  const times: number[] = [];
  let status = 0;
  let note = '';
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = ((await response.json()) as { data?: unknown }).data;
    times.push(performance.now() - started);
    status = response.status;
    if (i === 0) note = response.ok ? describe(body) : `HTTP ${response.status}`;
  }
  const rest = times.slice(1).sort((a, b) => a - b);
  return { status, firstMs: times[0]!, medianMs: rest[Math.floor(rest.length / 2)]!, note };
}

async function main() {
  const server = await openBenchServer();
  const databaseUrl = await server.database(`rp_bench_history_${domainCount}`, values.fresh);
  console.log(
    `Registrations' past benchmark on ${server.label}: ${benchRegistrar}, ${int(domainCount)} registrations, ${int(changeTarget)} changes in its past`,
  );
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  let at: Instants;
  try {
    await prepare(database);
    await database.pool.query('VACUUM ANALYZE');
    at = await instants(database.pool);
    const held = await one<{ domains: number; closed: number; versions: number }>(
      database.pool,
      `SELECT (SELECT count(*)::int FROM domains WHERE registrar_handle = $1) AS domains,
              (SELECT count(*)::int FROM registration_versions WHERE registrar_handle = $1 AND valid_to <> 'infinity') AS closed,
              (SELECT count(*)::int FROM registration_versions) AS versions`,
      [benchRegistrar],
    );
    console.log(
      `data            ${int(held.domains)} registrations of ${benchRegistrar} today, ${int(held.closed)} closed versions in its past; ${int(held.versions)} versions in all`,
    );
    console.log(
      `instants        known from ${at.knownFrom.toISOString()}; start ${at.start.toISOString()}, middle ${at.middle.toISOString()}, 90 % ${at.p90.toISOString()}, 99 % ${at.p99.toISOString()}, end ${at.end.toISOString()}`,
    );

    const size = await sizes(database.pool);
    const own = Object.values(size.own).reduce((a, b) => a + b, 0);
    const ratio = size.versions / own;
    console.log(`\nSize (load ${loads()})`);
    console.log(`  registration_versions  ${mb(size.versions / 1024)} MB (every partition, indexes and TOAST)`);
    console.log(
      `  registrations' tables  ${mb(own / 1024)} MB (${Object.entries(size.own)
        .map(([table, bytes]) => `${table} ${mb(bytes / 1024)}`)
        .join(', ')}); domain_facets, the search's, ${mb(size.facets / 1024)} MB more`,
    );
    console.log(`  ratio                  ${ratio.toFixed(2)} (goal ≤ ${goals.sizeRatio}: ${ratio <= goals.sizeRatio ? 'met' : 'NOT met'})`);
  } finally {
    await database.close();
  }

  const portal = await startPortal(databaseUrl);
  const base = `http://127.0.0.1:${portal.ready.port}/services`;
  let met = true;
  const check = (ok: boolean) => {
    met &&= ok;
    return ok ? 'met' : 'NOT met';
  };
  try {
    let token = await freshToken(portal);
    await (await fetch(`${base}/registrar`, { headers: { authorization: `Bearer ${token}` } })).text();
    const iso = (d: Date) => encodeURIComponent(d.toISOString());
    const total = (body: unknown) => `${int((body as { total: number }).total)} in all`;
    const registrations = (body: unknown) => `${(body as { registrations: unknown[] }).registrations.length} rows`;
    const counts = (body: unknown) => {
      const c = (body as { counts: Record<string, number> }).counts;
      return `${int(c.added ?? 0)} added, ${int(c.removed ?? 0)} removed, ${int(c.changed ?? 0)} changed`;
    };
    const rows = (body: unknown) => `${(body as { changes: unknown[] }).changes.length} rows`;
    const probe = await fetch(`${base}/domains/history/changes?from=${iso(at.start)}&to=${iso(at.end)}&kind=changed&page=0`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const someName = ((await probe.json()) as { data?: { changes?: { name: string }[] } }).data?.changes?.[0]?.name ?? 'none';
    const pages: [string, string, (body: unknown) => string][] = [
      ['a bare authenticated read (floor)', `${base}/registrar`, () => 'registrar data'],
      // A page of the portfolio, then its count (a request of its own).
      ...(
        [
          ['at the start', `at=${iso(at.start)}`],
          ['at the middle', `at=${iso(at.middle)}`],
          ['at the middle, status=ok, name *an*', `at=${iso(at.middle)}&ulabel=*an*&status=ok`],
        ] as const
      ).flatMap(([when, query]): [string, string, (body: unknown) => string][] => [
        [`portfolio ${when}, page 1`, `${base}/domains/history/portfolio?${query}&page=0`, registrations],
        ['  … its count', `${base}/domains/history/portfolio/count?${query}`, total],
      ]),
      // A page of one kind, then the counts (a request of their own, whose time grows with the changes
      // in the range): the last 1 %, 10 %, 50 % of the past, then all of it.
      ...(
        [
          ['last 1 %', at.p99],
          ['last 10 %', at.p90],
          ['middle', at.middle],
          ['start', at.start],
        ] as const
      ).flatMap(([from, instant]): [string, string, (body: unknown) => string][] =>
        (['added', 'removed', 'changed'] as const)
          .map((kind): [string, string, (body: unknown) => string] => [
            `changes, ${from} → end, ${kind}`,
            `${base}/domains/history/changes?from=${iso(instant)}&to=${iso(at.end)}&kind=${kind}&page=0`,
            rows,
          ])
          .concat([[`  … their counts`, `${base}/domains/history/changes/counts?from=${iso(instant)}&to=${iso(at.end)}`, counts]]),
      ),
      [`timeline of ${someName}`, `${base}/domains/${encodeURIComponent(someName)}/history?page=0`, total],
    ];
    console.log(`\nFirst pages through HTTP, first call and median of the next five (load ${loads()})`);
    for (const [label, url, describe] of pages) {
      // Access tokens live 5 minutes: a fresh one for each, as the slow ones take minutes together.
      const timed = await timeGet(url, await freshToken(portal), describe);
      // The counts have no goal of their own: the issue names the first pages.
      const goal =
        label.includes('floor') || label.includes('count')
          ? ''
          : ` (goal < ${goals.firstPageMs} ms: ${check(timed.status === 200 && timed.medianMs < goals.firstPageMs)})`;
      console.log(`  ${label.padEnd(52)} ${timed.firstMs.toFixed(0).padStart(6)} ms, median ${timed.medianMs.toFixed(0).padStart(6)} ms; ${timed.note}${goal}`);
    }

    console.log(`\nFiles (load ${loads()})`);
    token = await freshToken(portal);
    const reportFloor = psqlCopySeconds(databaseUrl, domainReportSql(quote(benchRegistrar)));
    resetPeakMemory(portal.pid);
    const report = await download(`${base}/registrar/${benchRegistrar}/report/domains/csv`, token);
    const reportPeak = memoryKb(portal.pid, 'VmHWM');
    console.log(
      `  domain report today     ${int(report.rows)} rows, ${mb(report.bytes / 1024)} MB in ${report.seconds.toFixed(2)} s; psql \\copy ${reportFloor?.toFixed(2) ?? '?'} s; server peak ${mb(reportPeak)} MB`,
    );
    const portfolioQuery = { registrarHandle: benchRegistrar, at: at.middle, plan: null, filters: {} };
    const portfolioFloor = psqlCopySeconds(databaseUrl, portfolioCopySql(portfolioQuery, quote));
    token = await freshToken(portal);
    resetPeakMemory(portal.pid);
    const portfolio = await download(`${base}/domains/history/portfolio/csv?at=${iso(at.middle)}`, token);
    const portfolioPeak = memoryKb(portal.pid, 'VmHWM');
    const times = portfolio.seconds / report.seconds;
    console.log(
      `  portfolio at the middle ${int(portfolio.rows)} rows, ${mb(portfolio.bytes / 1024)} MB in ${portfolio.seconds.toFixed(2)} s; psql \\copy ${portfolioFloor?.toFixed(2) ?? '?'} s; server peak ${mb(portfolioPeak)} MB`,
    );
    console.log(`    ${times.toFixed(2)} × the domain report's time (goal ≤ ${goals.csvTimesReport}: ${check(times <= goals.csvTimesReport)})`);
    const changesFloor = psqlCopySeconds(databaseUrl, changesCopySql(benchRegistrar, at.start, at.end, quote));
    token = await freshToken(portal);
    const changes = await download(`${base}/domains/history/changes/csv?from=${iso(at.start)}&to=${iso(at.end)}`, token);
    console.log(
      `  changes start → end     ${int(changes.rows)} lines, ${mb(changes.bytes / 1024)} MB in ${changes.seconds.toFixed(2)} s; psql \\copy ${changesFloor?.toFixed(2) ?? '?'} s (no goal named)`,
    );
  } finally {
    await portal.stop();
    removeCompiled();
    await server.stop();
  }
  if (!met) process.exitCode = 1;
}

await main();
