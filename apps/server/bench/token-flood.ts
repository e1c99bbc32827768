/*
 * `npm run bench:token-flood [-- --seconds S] [--connections C]`: what one address flooding the
 * identity service's token and logout endpoints does to everyone else. Registrar data (GET
 * /services/registrar, 4 connections) is timed alone (the floor), then while C connections
 * (default 16) from one address alternate a refresh with a made-up refresh token and a logout
 * without a session:
 *
 *  1. with the default limits (RATE_LIMIT_IDENTITY_TOKEN_PER_IP): the address is answered 429
 *     once it has had its allowance;
 *  2. with that limit off, as before it existed.
 *
 * The portal runs as `npm start` runs it, in its own process. Figures are printed, never asserted.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/database';
import { benchDatabaseName, openBenchServer } from './bench-server';
import { freshToken, removeCompiled, startPortal, type BenchProcess, type PortalReady } from './processes';
import { loadBenchRegistry } from './report-data';
import { registrarLatency, type Latency } from './registrar-latency';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { seconds: { type: 'string' }, connections: { type: 'string' } },
  strict: true,
});
const seconds = Number(values.seconds ?? 10);
const floodConnections = Number(values.connections ?? 16);
const domainCount = 1000;
const oidc = '/auth/realms/registrar-panel/protocol/openid-connect';

/** Refreshes with a made-up token and logouts without a session, alternately, for `durationSeconds`. */
function flood(port: number, durationSeconds: number) {
  const statuses: Record<string, number> = {};
  const refresh = {
    method: 'POST' as const,
    path: `${oidc}/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=refresh_token&refresh_token=made-up&client_id=registrar-panel-web',
  };
  const logout = { method: 'GET' as const, path: `${oidc}/logout?client_id=registrar-panel-web&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A8080%2F` };
  return new Promise<{ requests: number; seconds: number; statuses: Record<string, number> }>((resolve, reject) => {
    const run = autocannon(
      { url: `http://127.0.0.1:${port}`, connections: floodConnections, duration: durationSeconds, requests: [refresh, logout] },
      (error, result) =>
        error
          ? reject(error instanceof Error ? error : new Error(String(error)))
          : resolve({ requests: result.requests.total, seconds: result.duration, statuses }),
    );
    run.on('response', (_client: unknown, statusCode: number) => void (statuses[statusCode] = (statuses[statusCode] ?? 0) + 1));
  });
}

const row = (label: string, l: Latency) =>
  `${label.padEnd(44)}${String(l.p50).padStart(6)}${String(l.p90).padStart(6)}${String(l.p99).padStart(7)}${String(l.requests).padStart(9)}${l.non2xx ? `  (${l.non2xx} non-2xx)` : ''}`;

async function scenario(label: string, portal: BenchProcess<PortalReady>) {
  const { port } = portal.ready;
  const [during, requests] = await Promise.all([registrarLatency(port, await freshToken(portal), seconds), flood(port, seconds + 1)]);
  console.log(row(label, during));
  const answers = Object.entries(requests.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  console.log(`${''.padEnd(4)}the flood: ${Math.round(requests.requests / requests.seconds)} requests a second, answered ${answers}`);
}

async function main() {
  const server = await openBenchServer();
  const databaseUrl = await server.database(benchDatabaseName(domainCount));
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  await loadBenchRegistry(database, domainCount);
  await database.close();

  console.log(
    `Token and logout flood on ${server.label}: ${floodConnections} connections from one address, registrar data timed with 4 connections, ${seconds} s each`,
  );
  console.log(
    `${'registrar data (GET /services/registrar), ms'.padEnd(44)}${'p50'.padStart(6)}${'p90'.padStart(6)}${'p99'.padStart(7)}${'requests'.padStart(9)}`,
  );
  const limited = await startPortal(databaseUrl);
  try {
    console.log(row('alone (the floor)', await registrarLatency(limited.ready.port, await freshToken(limited), seconds)));
    await scenario('during the flood, default limits', limited);
  } finally {
    await limited.stop();
  }
  const unlimited = await startPortal(databaseUrl, { RATE_LIMIT_IDENTITY_TOKEN_PER_IP: 'off' });
  try {
    await scenario('during the flood, token limit off', unlimited);
  } finally {
    await unlimited.stop();
    removeCompiled();
    await server.stop();
  }
}

await main();
