/*
 * `npm run bench:api [-- --domains N] [--seconds S] [--connections C] [--fresh]`: throughput and
 * latency of the API under load, with a real access token, beside the ceiling of this machine.
 *
 * The portal runs as `npm start` runs it (compiled, in its own process) on the benchmark database of
 * `bench:report` (one registrar with N domains, default 1,000,000). The ceiling is a bare Fastify
 * server in its own process that verifies the same token with the same key and answers the same
 * body, byte for byte, as the portal answered for that call (ceiling-server.ts). autocannon drives
 * both from this process with C connections (default 50) for S seconds per call (default 10).
 * Figures are printed, never asserted.
 *
 * `--via pgbouncer`: the portal reaches the database through PgBouncer 1.18 in transaction mode
 * (DATABASE_POOLER=transaction, migrations on DATABASE_DIRECT_URL); `--via replica`: on a
 * PostgreSQL 15 primary with a streaming replica of its own (test/replica-cluster.ts, no apply
 * delay), the lag-tolerant reads (the search here) on the replica. Default `--via direct`.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { databaseUrlOf, openDatabase } from '../src/db/database';
import { startPgBouncer, type RunningPgBouncer } from '../src/test/pgbouncer';
import { onServer, startPrimaryAndReplica, type PrimaryAndReplica } from '../src/test/replica-cluster';
import { benchDatabaseName, openBenchServer } from './bench-server';
import { compile, freshToken, mb, memoryKb, removeCompiled, resetPeakMemory, startPortal, startProcess } from './processes';
import { benchRegistrar, loadBenchRegistry } from './report-data';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { domains: { type: 'string' }, seconds: { type: 'string' }, connections: { type: 'string' }, fresh: { type: 'boolean' }, via: { type: 'string' } },
  strict: true,
});
const domainCount = Number(values.domains ?? 1_000_000);
const seconds = Number(values.seconds ?? 10);
const connections = Number(values.connections ?? 50);
const via = values.via ?? 'direct';
if (!['direct', 'pgbouncer', 'replica'].includes(via)) throw new Error('--via is direct, pgbouncer or replica');

interface Goal {
  rps: number;
  p99?: number;
}

interface Call {
  name: string;
  path: string;
  goal: Goal;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/** One autocannon run; throughput is the mean of the per-second counts, latencies in ms. */
async function load(url: string, token: string, duration: number): Promise<Figures> {
  const result = await autocannon({ url, connections, duration, headers: { authorization: `Bearer ${token}` } });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/** A registration in the middle of the registrar's names, and the search term of the goal. */
async function benchCalls(databaseUrl: string): Promise<Call[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ u_label: string }>(
    'SELECT u_label FROM domains WHERE registrar_handle = $1 ORDER BY u_label OFFSET (SELECT count(*) / 2 FROM domains WHERE registrar_handle = $1) LIMIT 1',
    [benchRegistrar],
  );
  await client.end();
  const name = rows[0]?.u_label;
  if (!name) throw new Error('no registration to view');
  return [
    { name: 'registrar data', path: '/services/registrar', goal: { rps: 4000, p99: 40 } },
    { name: 'users', path: '/services/users', goal: { rps: 4000, p99: 40 } },
    { name: 'registration view', path: `/services/domains/${encodeURIComponent(name)}`, goal: { rps: 2500 } },
    { name: 'search *an* (100 rows, count)', path: '/services/domains/search?ulabel=*an*&page=0&size=100', goal: { rps: 1000, p99: 150 } },
  ];
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

async function main() {
  let cluster: PrimaryAndReplica | undefined;
  let pgbouncer: RunningPgBouncer | undefined;
  let server: Awaited<ReturnType<typeof openBenchServer>> | undefined;
  let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
  let ceiling: Awaited<ReturnType<typeof startProcess<{ port: number }>>> | undefined;
  // Everything started is stopped, also when a later start fails (a portal that cannot log in through PgBouncer).
  try {
    server = via === 'replica' ? undefined : await openBenchServer();
    let databaseUrl: string;
    if (server) databaseUrl = await server.database(benchDatabaseName(domainCount), values.fresh);
    else {
      cluster = await startPrimaryAndReplica({ applyDelay: '0' });
      await onServer(cluster.primary.url('postgres'), `CREATE DATABASE ${benchDatabaseName(domainCount)}`);
      databaseUrl = databaseUrlOf(cluster.primary.url('postgres'), benchDatabaseName(domainCount));
    }
    const database = await openDatabase({ databaseUrl, dataDir: '' });
    await loadBenchRegistry(database, domainCount);
    await database.close();
    const calls = await benchCalls(databaseUrl);
    let overrides: Record<string, string> = {};
    let portalUrl = databaseUrl;
    if (via === 'pgbouncer') {
      pgbouncer = await startPgBouncer(databaseUrl, { poolSize: 20 });
      portalUrl = pgbouncer.urlFor(databaseUrl);
      overrides = { DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: databaseUrl };
    }
    if (cluster) {
      const replicaUrl = databaseUrlOf(cluster.replica.url('postgres'), benchDatabaseName(domainCount));
      // The replica has replayed the load before the figures start.
      const [{ position } = { position: '0/0' }] = await onServer<{ position: string }>(databaseUrl, 'SELECT pg_current_wal_insert_lsn()::text AS position');
      for (let waited = 0; waited < 600; waited++) {
        const [row] = await onServer<{ caught: boolean }>(replicaUrl, 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught', [position]);
        if (row?.caught) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      overrides = { DATABASE_REPLICA_URLS: replicaUrl };
    }

    portal = await startPortal(portalUrl, overrides);
    const { port, token, publicJwk, issuer } = portal.ready;
    const headers = { authorization: `Bearer ${token}` };

    // The ceiling answers exactly what the portal answered, so both send the same bytes.
    const bodies: Record<string, string> = {};
    for (const call of calls) {
      const response = await fetch(`http://127.0.0.1:${port}${call.path}`, { headers });
      if (!response.ok) throw new Error(`${call.path}: HTTP ${response.status} ${await response.text()}`);
      bodies[call.path.split('?')[0]!] = await response.text();
    }
    ceiling = await startProcess<{ port: number }>(await compile('ceiling-server.ts'), { setup: { publicJwk, issuer, bodies } });

    const label = server ? server.label : 'a PostgreSQL 15 primary with a streaming replica (reads marked for replicas on the replica)';
    console.log(
      `API benchmark on ${label}${via === 'pgbouncer' ? ', through PgBouncer 1.18 in transaction mode' : ''}: registrar ${benchRegistrar} with ${domainCount.toLocaleString('en')} domains`,
    );
    console.log(
      `autocannon, ${connections} connections, ${seconds} s per call after a ${Math.min(3, seconds)} s warm-up, one 2-core machine for load and servers\n`,
    );
    console.log(`${'call'.padEnd(32)}${pad('bytes', 7)}${pad('req/s', 9)}${pad('p50', 6)}${pad('p99', 6)}${pad('ceiling', 9)}${pad('ratio', 7)}  goal`);
    resetPeakMemory(portal.pid);
    const idleKb = memoryKb(portal.pid, 'VmRSS');
    for (const call of calls) {
      // A fresh token for each run: access tokens live 5 minutes.
      await load(`http://127.0.0.1:${port}${call.path}`, await freshToken(portal), Math.min(3, seconds));
      const figures = await load(`http://127.0.0.1:${port}${call.path}`, await freshToken(portal), seconds);
      const bare = await load(`http://127.0.0.1:${ceiling.ready.port}${call.path}`, await freshToken(portal), seconds);
      const met = figures.rps >= call.goal.rps && (call.goal.p99 === undefined || figures.p99 <= call.goal.p99) && figures.errors + figures.non2xx === 0;
      const goal = `≥ ${call.goal.rps} req/s${call.goal.p99 ? `, p99 ≤ ${call.goal.p99} ms` : ''}: ${met ? 'met' : 'NOT met'}`;
      const failures = figures.errors + figures.non2xx ? ` (${figures.errors} errors, ${figures.non2xx} non-2xx)` : '';
      console.log(
        `${call.name.padEnd(32)}${pad(Buffer.byteLength(bodies[call.path.split('?')[0]!]!), 7)}${pad(Math.round(figures.rps), 9)}${pad(figures.p50, 6)}${pad(figures.p99, 6)}${pad(Math.round(bare.rps), 9)}${pad((figures.rps / bare.rps).toFixed(2), 7)}  ${goal}${failures}`,
      );
    }
    if (cluster) {
      // Where the marked reads went: the figures above are the replica's only if they went there.
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      console.log(
        `\n${metrics
          .split('\n')
          .filter((line) => /^registrar_panel_db_(lag_tolerant_reads_total|replica_up)/.test(line))
          .join('\n')}`,
      );
    }
    const peakKb = memoryKb(portal.pid, 'VmHWM');
    console.log(
      `\nportal memory: ${mb(idleKb)} MB before the load, ${mb(peakKb)} MB peak under it (goal ≤ 200 MB: ${peakKb / 1024 <= 200 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await Promise.all([portal?.stop(), ceiling?.stop()]);
    removeCompiled();
    await pgbouncer?.stop();
    await server?.stop();
    await cluster?.stop();
  }
}

await main();
