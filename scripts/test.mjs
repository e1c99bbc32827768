#!/usr/bin/env node
/*
 * `npm test`: the whole suite, in phases, with a table of minutes per phase at the end so that
 * later work can state what it costs.
 *
 * Why phases and not one `vitest run`: on a 2-core machine Vitest runs one worker, so the projects
 * ran one file after another anyway; here the two server projects (the embedded PostgreSQL 18 and
 * the server at DATABASE_URL) run side by side, each mostly waiting on its own database server, and
 * the browser suites run alone afterwards, so a browser never waits behind a busy database.
 *
 * TEST_SECOND_NODE=/path/to/node runs the projects on PostgreSQL at DATABASE_URL (and the contract
 * and web tests once more) on that Node: with CI's Node 24 every server test still runs on both
 * PostgreSQL versions and both Node versions, without a third pass of the server tests.
 *
 * Arguments after `--` go to every Vitest run (for example `-- --bail=1`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const extraArgs = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
const reports = mkdtempSync(join(tmpdir(), 'rp-test-'));
const secondNode = process.env.TEST_SECOND_NODE || '';
const onPostgres = Boolean(process.env.DATABASE_URL);
const withKeycloak = Boolean(process.env.KEYCLOAK_URL);
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const npx = (bin) => join(root, 'node_modules/.bin', bin);

/** @type {{ name: string, minutes: number, ok: boolean, report?: string }[]} */
const results = [];

function nodeVersion(node) {
  return new Promise((resolve) => {
    const child = spawn(node, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', () => resolve(out.trim()));
  });
}

/**
 * Runs one step. A step run alone prints as it goes; steps run side by side write to a log each,
 * printed whole when the step ends, so their lines do not interleave.
 */
function run(name, command, args, { quietLog = false, report } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${name}`);
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', quietLog ? 'pipe' : 'inherit', quietLog ? 'pipe' : 'inherit'], env: process.env });
    /** @type {Buffer[]} */
    const log = [];
    if (quietLog) {
      child.stdout.on('data', (chunk) => log.push(chunk));
      child.stderr.on('data', (chunk) => log.push(chunk));
    }
    child.on('close', (code, signal) => {
      const minutes = (Date.now() - started) / 60_000;
      const ok = code === 0;
      results.push({ name, minutes, ok, report });
      if (quietLog) console.log(`\n──── ${name} ────\n${Buffer.concat(log).toString('utf8')}`);
      console.log(`${ok ? '✔' : '✘'} ${name}: ${minutes.toFixed(1)} min${ok ? '' : ` (exit ${code ?? signal})`}`);
      resolve(ok);
    });
  });
}

/** One Vitest run of the given projects, with a JSON report for the closing counts. */
function vitestRun(name, projects, { node = process.execPath, quietLog = false } = {}) {
  const report = join(reports, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const args = [
    vitest,
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extraArgs,
  ];
  return run(name, node, args, { quietLog, report });
}

/** Which of issue 35's projects vitest.config.ts defines on this machine: by the same checks for their binaries. */
function listedProjects() {
  const pgbouncer = [process.env.PGBOUNCER_PATH, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].some((path) => path && existsSync(path));
  const postgres15 = existsSync(`${process.env.POSTGRES15_BIN ?? '/usr/lib/postgresql/15/bin'}/pg_basebackup`);
  const haproxy = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].some((path) => path && existsSync(path));
  return [
    ...(pgbouncer && onPostgres ? ['server-pgbouncer'] : []),
    ...(postgres15 ? ['server-replicas'] : []),
    ...(postgres15 && haproxy ? ['server-failover'] : []),
  ];
}

const started = Date.now();
const secondVersion = secondNode ? await nodeVersion(secondNode) : '';
const firstVersion = process.version;

// Phase 1: the static checks, two at a time.
await Promise.all([run('lint', npx('eslint'), ['.'], { quietLog: true }), run('typecheck', 'npm', ['run', '--silent', 'typecheck'], { quietLog: true })]);
await run('format', npx('prettier'), ['--check', '.']);

// Phase 2: contract, web and the API tests; the two database servers side by side.
await vitestRun(`contract + web (Node ${firstVersion})`, ['contract', 'web']);
const serverRuns = [vitestRun(`server, embedded PostgreSQL 18 (Node ${firstVersion})`, ['server'], { quietLog: onPostgres })];
if (onPostgres) {
  const node = secondNode || process.execPath;
  const version = secondNode ? secondVersion : firstVersion;
  const projects = secondNode ? ['server-postgres', 'contract', 'web'] : ['server-postgres'];
  serverRuns.push(vitestRun(`server, DATABASE_URL's PostgreSQL${secondNode ? ' + contract + web' : ''} (Node ${version})`, projects, { node, quietLog: true }));
}
await Promise.all(serverRuns);

// Phase 2b: the database machinery of issue 35, each with servers of its own: every module's API
// tests through PgBouncer in transaction mode (before DATABASE_URL's server, else an embedded one),
// then a PostgreSQL 15 primary with a streaming replica, then a primary with a synchronous standby
// behind HAProxy, failed over under load (about half a minute). Vitest leaves out a project whose binaries
// are missing (vitest.config.ts says which).
const projectsListed = listedProjects();
if (projectsListed.includes('server-pgbouncer')) await vitestRun('server through PgBouncer (transaction mode)', ['server-pgbouncer']);
else console.warn('\nPgBouncer suite skipped: it needs pgbouncer (apt-get install -y pgbouncer) and DATABASE_URL.');
if (projectsListed.includes('server-replicas')) await vitestRun('read replicas (PostgreSQL 15 primary + streaming replica)', ['server-replicas']);
else console.warn('\nReplica suite skipped: no PostgreSQL 15 binaries (POSTGRES15_BIN).');
if (projectsListed.includes('server-failover')) await vitestRun('failover (PostgreSQL 15 primary + synchronous standby behind HAProxy)', ['server-failover']);
else console.warn('\nFailover suite skipped: it needs the PostgreSQL 15 binaries (POSTGRES15_BIN) and haproxy (apt-get install -y haproxy).');

// Phase 3: the browser and Keycloak suites, alone on the machine.
if (withKeycloak) await vitestRun('keycloak', ['keycloak']);
else console.warn('\nKeycloak suite skipped: KEYCLOAK_URL is not set (npm run keycloak starts a Keycloak on http://localhost:8180).');
await vitestRun('e2e (Chromium)', ['e2e']);

// The closing lines: minutes per step, then the counts read from Vitest's JSON reports.
const total = (Date.now() - started) / 60_000;
const width = Math.max(...results.map((r) => r.name.length), 5);
console.log('\nMinutes per step (steps of one phase run side by side):');
console.log(`| ${'step'.padEnd(width)} | minutes | result |`);
console.log(`| ${'-'.repeat(width)} | ------: | ------ |`);
for (const r of results) console.log(`| ${r.name.padEnd(width)} | ${r.minutes.toFixed(1).padStart(7)} | ${r.ok ? 'passed' : 'FAILED'} |`);
console.log(`| ${'total (wall clock)'.padEnd(width)} | ${total.toFixed(1).padStart(7)} |        |`);

let passed = 0;
let failed = 0;
let skipped = 0;
const failedTests = [];
for (const r of results) {
  if (!r.report || !existsSync(r.report)) continue;
  const json = JSON.parse(readFileSync(r.report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += json.numPendingTests + json.numTodoTests;
  // The failures again at the very end, by step, file and name, with their first message line: a long
  // log is often read from its tail only (CI keeps the last part), where the reporter's own lines are gone.
  for (const file of json.testResults) {
    const failures = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failures.length === 0) failures.push({ fullName: '(the file itself)', failureMessages: [file.message] });
    for (const test of failures) {
      const firstLine = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failedTests.push(`${r.name} › ${relative(process.cwd(), file.name)} › ${test.fullName}\n    ${firstLine}`);
    }
  }
}
// The slowest files of the browser and Keycloak steps, so that a run's log says where its minutes went
// (those steps run alone, so a file's duration is its own, not its neighbours').
for (const r of results.filter((step) => /^(e2e|keycloak)/.test(step.name))) {
  if (!r.report || !existsSync(r.report)) continue;
  const json = JSON.parse(readFileSync(r.report, 'utf8'));
  const files = json.testResults
    .map((file) => ({ name: relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  console.log(`\nSeconds per file, ${r.name}:`);
  for (const file of files) console.log(`  ${file.seconds.toFixed(0).padStart(5)}  ${file.name}`);
}
if (failedTests.length) console.log(`\nFailed:\n${failedTests.map((line) => `  ✘ ${line}`).join('\n')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
