/*
 * `npm run bench:reconcile [-- --domains N] [--fresh]`: a reconciliation (POST /services/reconciliations)
 * of an N-line list (default 1,000,000) against a registrar of N domains generated as for
 * `npm run bench:report` (the same database, kept between runs).
 *
 * The list is the registrar's own portfolio written as a registrar's spreadsheet would (semicolons;
 * name, expiry date, name servers, registrant, DS), with 1 % of the names left out, 1 % of the
 * expiry dates changed, and as many names added that the registrar does not hold, so that every kind
 * of result is found and counted exactly. The upload streams from the file through HTTP to the
 * portal running compiled in a child process (as `npm start` runs it).
 *
 * Printed beside their floor and goal: the whole run (upload, COPY, comparison, results stored)
 * against `psql \copy` of the same file into a temporary table; the goal is two minutes. The server's
 * peak memory and the machine's load average are printed with them: the machine is shared.
 */
import { createReadStream, createWriteStream, statSync, unlinkSync } from 'node:fs';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import { to as copyTo } from 'pg-copy-streams';
import type { ReconciliationRun } from '@registrar-panel/contract';
import { openDatabase, type Database } from '../src/db/database';
import { benchDatabaseName, openBenchServer } from './bench-server';
import { freshToken, mb, memoryKb, removeCompiled, resetPeakMemory, startPortal } from './processes';
import { benchRegistrar, loadBenchRegistry } from './report-data';

const { values } = parseArgs({ args: process.argv.slice(2), options: { domains: { type: 'string' }, fresh: { type: 'boolean' } }, strict: true });
const domainCount = Number(values.domains ?? 1_000_000);
const goalSeconds = 120;
const filePath = join(tmpdir(), `reconcile-bench-${process.pid}.csv`);

const loads = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** The list: the portfolio as the registry has it, every 100th name left out, every 100th + 1 expiry moved a year, and as many foreign names. */
async function writeList(database: Database): Promise<{ lines: number; missing: number; changed: number; foreign: number }> {
  const client = await database.pool.connect();
  const out = createWriteStream(filePath);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  let index = 0;
  let lines = 0;
  let missing = 0;
  let changed = 0;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query("SET LOCAL TimeZone = 'Europe/Brussels'");
    const copy = client.query(
      copyTo(`COPY (SELECT d.u_label, to_char(d.expires_at, 'DD/MM/YYYY'),
                (SELECT string_agg(n.name, ' ' ORDER BY n.position) FROM nameservers n WHERE n.domain_id = d.id),
                d.registrant_handle,
                (SELECT string_agg(s.key_tag || ' ' || s.algorithm || ' ' || s.digest_type || ' ' || s.digest, '|') FROM delegation_signers s WHERE s.domain_id = d.id)
              FROM domains d WHERE d.registrar_handle = '${benchRegistrar}' ORDER BY d.u_label) TO STDOUT WITH (FORMAT csv, DELIMITER ';')`),
    );
    await write('Domain name;Expiry date;Name servers;Registrant;DS\r\n');
    let rest = '';
    const decoder = new StringDecoder('utf8');
    for await (const chunk of copy as AsyncIterable<Buffer>) {
      // A character's bytes may be split over two chunks: the decoder holds the first part back.
      const parts = (rest + decoder.write(chunk)).split('\n');
      rest = parts.pop() ?? '';
      let text = '';
      for (const line of parts) {
        index++;
        if (index % 100 === 0) {
          missing++;
          continue;
        }
        const moved =
          index % 100 === 1
            ? line.replace(/;(\d{2})\/(\d{2})\/(\d{4});/, (_whole, day: string, month: string, year: string) => `;${day}/${month}/${Number(year) + 1};`)
            : line;
        if (moved !== line) changed++;
        text += `${moved}\r\n`;
        lines++;
      }
      await write(text);
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  for (let i = 0; i < missing; i++) await write(`not-ours-${i}.be;;;;\r\n`);
  out.end();
  await once(out, 'finish');
  return { lines: lines + missing, missing, changed, foreign: missing };
}

/** The floor: psql's \copy of the same file into a temporary table of the same columns, as text. */
function psqlCopySeconds(databaseUrl: string): number | undefined {
  const started = performance.now();
  const run = spawnSync(
    'psql',
    [
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      'CREATE TEMPORARY TABLE floor (name text, expiry text, name_servers text, registrant text, ds text)',
      '-c',
      `\\copy floor FROM '${filePath}' WITH (FORMAT csv, HEADER, DELIMITER ';')`,
      databaseUrl,
    ],
    { encoding: 'utf8' },
  );
  if (run.error || run.status !== 0) {
    console.log(`psql \\copy floor unavailable: ${run.error?.message ?? run.stderr}`);
    return undefined;
  }
  return (performance.now() - started) / 1000;
}

async function main() {
  const server = await openBenchServer();
  const databaseUrl = await server.database(benchDatabaseName(domainCount), values.fresh);
  console.log(
    `Reconciliation benchmark on ${server.label}: ${domainCount.toLocaleString('en')} lines against a registrar of ${domainCount.toLocaleString('en')} domains`,
  );
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  await loadBenchRegistry(database, domainCount);
  const list = await writeList(database);
  await database.close();
  const bytes = statSync(filePath).size;
  console.log(
    `  list            ${list.lines.toLocaleString('en')} lines, ${(bytes / 1024 / 1024).toFixed(1)} MB (${list.missing} left out, ${list.changed} expiry dates moved, ${list.foreign} foreign names)`,
  );

  const portal = await startPortal(databaseUrl, { RECONCILIATION_MAX_BYTES: String(Math.max(bytes + 1024, 200 * 1024 * 1024)) });
  let met = true;
  try {
    const floor = psqlCopySeconds(databaseUrl);
    const loadBefore = loads();
    resetPeakMemory(portal.pid);
    const token = await freshToken(portal);
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${portal.ready.port}/services/reconciliations?fileName=bench.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'content-length': String(bytes) },
      body: Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>,
      duplex: 'half',
    });
    const text = await response.text();
    const seconds = (performance.now() - started) / 1000;
    const peakKb = memoryKb(portal.pid, 'VmHWM');
    if (response.status !== 201) throw new Error(`HTTP ${response.status}: ${text.slice(0, 500)}`);
    const run = (JSON.parse(text) as { data: { run: ReconciliationRun } }).data.run;
    const expected = { missingFromFile: list.missing, notSponsored: list.foreign, differs: list.changed, badLine: 0 };
    const exact = JSON.stringify(run.counts) === JSON.stringify(expected);
    met &&= exact && seconds <= goalSeconds;
    console.log(`  found           ${JSON.stringify(run.counts)} (expected ${JSON.stringify(expected)}: ${exact ? 'exact' : 'NOT exact'})`);
    console.log(`  lines read      ${run.linesRead.toLocaleString('en')}`);
    if (floor !== undefined) console.log(`  floor           psql \\copy of the file into a temporary table: ${floor.toFixed(2)} s`);
    console.log(
      `  total time      ${seconds.toFixed(2)} s${floor !== undefined ? ` (${(seconds / floor).toFixed(1)} × the floor)` : ''}; goal ≤ ${goalSeconds} s: ${seconds <= goalSeconds ? 'met' : 'NOT met'}`,
    );
    console.log(`  server memory   ${mb(peakKb)} MB peak during the run`);
    console.log(`  load average    ${loadBefore} before, ${loads()} after (1 / 5 / 15 min)`);
  } finally {
    await portal.stop();
    removeCompiled();
    await server.stop();
    unlinkSync(filePath);
  }
  if (!met) process.exitCode = 1;
}

await main();
