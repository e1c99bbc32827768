import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../src/db/database';
import { RegistryGenerator, domainQuotas } from '../src/seed/generate';
import { snapshotLines, writeFeedFile } from '../src/seed/feed-lines';
import { generatorOptions, toGeneratorArguments } from '../src/seed/options';
import { Random } from '../src/seed/random';
import { demoRegistrarHandles } from '../src/seed/registrars';
import { importFeed } from '../src/feed/importer';
import { readPosition } from '../src/feed/position';
import { readFeedLines } from '../src/feed/read-lines';
import { randomChanges, readRegistryState } from '../src/feed/random-changes.test-support';
import { Progress } from '../src/lib/progress';
import { searchDomains } from '../src/modules/registrations/search.service';
import { countStaleSearches } from '../src/modules/notification-rules/rule-jobs';
import { benchRules } from './feed-bench-rules';
import { openBenchServer } from './bench-server';

/*
 * `npm run bench:feed [-- --domains N --registrars R --changes C --seed S]`
 * 1. A snapshot of N registrations (default 1,000,000, with contacts, statuses, name servers, DS
 *    records, transfers and billing) written as the feed's NDJSON, then applied to an empty
 *    database as `npm run feed` applies it, until search is ready. Beside it, two floors measured in
 *    the same run: reading and parsing the file alone, and `psql \copy` of the file's bytes into
 *    a table without indexes.
 * 2. C changes of every kind (default 100,000) applied while a client searches the largest
 *    registrar's names without pause; search latency during the feed beside search alone.
 * 3. Notification rules: a batch of C changes (one batch, one transaction) without rules, then 50
 *    rules of every kind (saved searches with infix patterns among them) and another batch of C
 *    changes drawn alike, with the saved searches it made stale counted again; `--rounds N` pairs,
 *    `--rules-only` skips part 2.
 * `--changes-only` skips part 1 and applies new changes to the database the last run left;
 * `--database NAME` to a database another benchmark loaded instead (bench:search's at scale), and
 * `--rounds 0` leaves part 3 out.
 */

const tld = 'be';
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    ...generatorOptions,
    changes: { type: 'string' },
    'changes-only': { type: 'boolean', default: false },
    database: { type: 'string' },
    rounds: { type: 'string' },
    'rules-only': { type: 'boolean', default: false },
  },
  strict: true,
});
const args = toGeneratorArguments(values, { domains: 1_000_000, registrars: 7 });
const changeCount = Number(values.changes ?? 100_000);
const registrar = demoRegistrarHandles[0];
const rounds = Number(values.rounds ?? 1);
const rulesOnly = values['rules-only'] ?? false;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;

/** Floor 1: the file read and every line parsed as JSON, nothing checked or stored. */
async function parseFloor(path: string): Promise<{ ms: number; lines: number }> {
  const started = performance.now();
  let lines = 0;
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    JSON.parse(text);
    lines++;
  }
  return { ms: performance.now() - started, lines };
}

/** Floor 2: `psql \copy` of the file's bytes, one line a row, into a table without indexes. */
function copyFloor(url: string, path: string): number {
  const started = performance.now();
  execFileSync('psql', [
    url,
    '-q',
    '-c',
    'DROP TABLE IF EXISTS feed_floor',
    '-c',
    'CREATE UNLOGGED TABLE feed_floor (line text)',
    '-c',
    `\\copy feed_floor (line) FROM '${path}' WITH (FORMAT csv, QUOTE E'\\x01', DELIMITER E'\\x02')`,
    '-c',
    'DROP TABLE feed_floor',
  ]);
  return performance.now() - started;
}

async function searchTerms(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ u_label: string }>(
    `SELECT u_label FROM domains WHERE registrar_handle = $1 AND u_label NOT LIKE 'xn--%' ORDER BY random() LIMIT 60`,
    [registrar],
  );
  const random = new Random(args.seed);
  return rows.map((r) => {
    const label = [...r.u_label.slice(0, -(tld.length + 1))];
    const cut = (from: number, length: number) => label.slice(from, from + length).join('');
    return random.pick([`${cut(0, 3)}*`, `*${cut(1, 3)}*`, `*${cut(1, 5)}*`, `*${label.slice(-4).join('')}`, `${label.join('')}.${tld}`]);
  });
}

/** Searches without pause until `until` resolves; each call's time in ms. */
async function searchLoop(database: Database, terms: string[], until: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  for (let i = 0; !done; i++) {
    const started = performance.now();
    await searchDomains(database.db, tld, { registrarHandle: registrar, ulabel: terms[i % terms.length]!, page: 0, size: 100 });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const describeTimes = (times: number[]) =>
  `${times.length.toLocaleString('en')} searches, p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${(times[times.length - 1] ?? 0).toFixed(1)} ms`;

const server = await openBenchServer();
try {
  const snapshotPath = join(
    tmpdir(),
    `rp-feed-snapshot-${args.domains}-${args.registrars}-${args.seed}-${new Date(args.today).toISOString().slice(0, 10)}.ndjson`,
  );
  const generator = new RegistryGenerator({ seed: args.seed, quotas: domainQuotas(args.domains, args.registrars), today: args.today, tld });
  const changesOnly = values['changes-only'] ?? false;
  if (!changesOnly && !existsSync(snapshotPath))
    await writeFeedFile(snapshotPath, snapshotLines(generator), {
      label: 'writing the snapshot (domains)',
      total: generator.totalDomains,
      counts: (line) => line.type === 'domain',
    });
  const size = changesOnly ? 0 : statSync(snapshotPath).size;

  if (values.database && !changesOnly) throw new Error('--database takes --changes-only: a snapshot is applied to an empty database only');
  const url = await server.database(values.database ?? 'rp_bench_feed', !changesOnly);
  const database = await openDatabase({ databaseUrl: url, dataDir: '', migrations: 'apply' });
  let parsed = { ms: 0, lines: 0 };
  let copyMs = 0;
  let snapshotMs = 0;
  let snapshot: Awaited<ReturnType<typeof importFeed>> | null = null;
  if (!changesOnly) {
    console.error('floors…');
    parsed = await parseFloor(snapshotPath);
    copyMs = copyFloor(url, snapshotPath);
    console.error('the snapshot…');
    const progress = new Progress('feed', size, process.stderr, 'bytes');
    const started = performance.now();
    snapshot = await importFeed(database, readFeedLines(createReadStream(snapshotPath), { onBytes: (bytes) => progress.advance(bytes) }), {
      tld,
      step: (label, run) => Progress.step(label, run),
    });
    snapshotMs = performance.now() - started;
    progress.finish();
  }

  let part2: { changesMs: number; changes: Awaited<ReturnType<typeof importFeed>>; alone: number[]; during: number[] } | null = null;
  if (!rulesOnly) {
    const terms = await searchTerms(database);
    for (const term of terms.slice(0, 10)) await searchDomains(database.db, tld, { registrarHandle: registrar, ulabel: term, page: 0, size: 100 });
    const alone = await searchLoop(database, terms, new Promise((resolve) => setTimeout(resolve, 15_000)));

    console.error('preparing the changes…');
    const state = await readRegistryState(database.pool, tld, 150_000);
    const changesPath = join(tmpdir(), `rp-feed-changes-${changeCount}.ndjson`);
    let seq = (await readPosition(database.pool)) + 1;
    await writeFeedFile(
      changesPath,
      (function* () {
        for (const line of randomChanges(state, new Random(args.seed + 1), changeCount)) yield { seq: seq++, ...line };
      })(),
      { label: 'writing the changes', total: changeCount },
    );

    console.error('the changes, with search running…');
    const changesStarted = performance.now();
    const feeding = importFeed(database, readFeedLines(createReadStream(changesPath)), { tld });
    const during = await searchLoop(database, terms, feeding);
    const changes = await feeding;
    const changesMs = performance.now() - changesStarted;
    part2 = { changesMs, changes, alone, during };
  }

  // Part 3: one batch of the same size and mix without rules, then with 50 rules, alternately.
  const ruleTimes: { without: number[]; with: number[]; hits: number; crossed: number } = { without: [], with: [], hits: 0, crossed: 0 };
  {
    const state = await readRegistryState(database.pool, tld, 150_000);
    const random = new Random(args.seed + 2);
    const batch = async (label: string) => {
      const path = join(tmpdir(), `rp-feed-rules-${changeCount}-${label}.ndjson`);
      let next = (await readPosition(database.pool)) + 1;
      await writeFeedFile(
        path,
        (function* () {
          for (const line of randomChanges(state, random, changeCount)) yield { seq: next++, ...line };
        })(),
        { label: `writing the changes (${label})`, total: changeCount },
      );
      const started = performance.now();
      const result = await importFeed(database, readFeedLines(createReadStream(path)), { tld, batchSize: changeCount + 1 });
      return { ms: performance.now() - started, result };
    };
    const handles = (await database.pool.query<{ handle: string }>('SELECT handle FROM registrars ORDER BY handle')).rows.map((r) => r.handle);
    const rules = benchRules(handles);
    for (let round = 0; round < rounds; round++) {
      await database.pool.query('DELETE FROM notification_rules');
      console.error(`round ${round + 1}: a batch without rules…`);
      ruleTimes.without.push((await batch(`without-${round}`)).ms);
      await rules.insert(database);
      console.error(`round ${round + 1}: a batch with ${rules.count} rules…`);
      const hitsBefore = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rule_hits');
      const withRules = await batch(`with-${round}`);
      const countStarted = performance.now();
      ruleTimes.crossed += await countStaleSearches(database.db, tld);
      ruleTimes.with.push(withRules.ms + (performance.now() - countStarted));
      const hitsAfter = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rule_hits');
      ruleTimes.hits += hitsAfter.rows[0]!.n - hitsBefore.rows[0]!.n;
    }
  }

  const { rows } = await database.pool.query<{ domains: number; contacts: number; billing: number }>(
    `SELECT (SELECT count(*)::int FROM domains) AS domains, (SELECT count(*)::int FROM contacts) AS contacts, (SELECT count(*)::int FROM billing_events) AS billing`,
  );
  await database.close();

  const what = values.database ? `database ${values.database}` : `${args.domains.toLocaleString('en')} registrations, ${args.registrars} registrars`;
  console.log(`\nRegistry feed on ${server.label} (${what})`);
  if (snapshot) {
    console.log(`snapshot file: ${parsed.lines.toLocaleString('en')} lines, ${(size / 1_048_576).toFixed(0)} MB`);
    console.log(`  floor, read and JSON.parse only:        ${seconds(parsed.ms)}`);
    console.log(`  floor, psql \\copy of the bytes:         ${seconds(copyMs)}`);
    console.log(
      `  snapshot applied, search-ready:         ${seconds(snapshotMs)}   (goal ≤ 300 s; ${snapshot.applied.toLocaleString('en')} lines applied, ${snapshot.rejected} rejected, mode ${snapshot.mode})`,
    );
  }
  console.log(
    `  now: ${rows[0]?.domains.toLocaleString('en')} registrations, ${rows[0]?.contacts.toLocaleString('en')} contacts, ${rows[0]?.billing.toLocaleString('en')} billing events`,
  );
  if (part2) {
    const { changesMs, changes, alone, during } = part2;
    console.log(`${changeCount.toLocaleString('en')} changes of every kind (creates, updates, renames, transfers, deletes, contacts, billing, counters):`);
    console.log(
      `  applied with search running:            ${seconds(changesMs)}   (goal ≤ 60 s; ${changes.applied.toLocaleString('en')} applied, ${changes.rejected} rejected)`,
    );
    console.log(`  search of ${registrar} alone (floor):        ${describeTimes(alone)}`);
    console.log(`  search of ${registrar} during the feed:      ${describeTimes(during)}   (goal p95 < 50 ms, terms of 3+ characters)`);
  }
  if (rounds > 0) {
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    const added = (sum(ruleTimes.with) / sum(ruleTimes.without) - 1) * 100;
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(`one batch of ${changeCount.toLocaleString('en')} changes and notification rules (${rounds} round(s); load average at the end ${load}):`);
    console.log(`  without rules:                          ${ruleTimes.without.map(seconds).join(', ')}`);
    console.log(`  with 50 rules of every kind:            ${ruleTimes.with.map(seconds).join(', ')}   (the stale saved searches counted included)`);
    console.log(
      `  added:                                  ${added.toFixed(1)} %   (bar ≤ +20 %; ${ruleTimes.hits.toLocaleString('en')} hits, ${ruleTimes.crossed} thresholds crossed)`,
    );
  }
} finally {
  await server.stop();
}
