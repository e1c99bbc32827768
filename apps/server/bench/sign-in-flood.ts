/*
 * `npm run bench:flood [-- --seconds S] [--connections C]`: what a flood of wrong passwords does to
 * everyone else. Registrar data (GET /services/registrar, 4 connections) is timed alone (the
 * floor), then while C connections (default 16) post the sign-in form with a new username and a
 * wrong password each time, so that every post costs a password check (argon2 on a decoy hash):
 *
 *  1. with the default limits: the flood comes from one address, so the per-address limit answers
 *     it 429 after 30 posts;
 *  2. with the sign-in limits off (RATE_LIMIT_SIGN_IN_PER_IP/ACCOUNT=off, as behind a proxy
 *     without TRUST_PROXY, or from many addresses): only the bound on password checks
 *     (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE) stands between the flood and the API.
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

/** Cookies a Set-Cookie list sets, as one Cookie header (name=value pairs only). */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/** A sign-in page of the embedded provider, as a browser opens it: its form's path and cookies. */
async function signInPage(port: number): Promise<{ path: string; cookie: string }> {
  const params = new URLSearchParams({
    client_id: 'registrar-panel-web',
    redirect_uri: 'http://localhost:8080/',
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  const authorize = await fetch(`http://127.0.0.1:${port}/auth/realms/registrar-panel/protocol/openid-connect/auth?${params.toString()}`, {
    redirect: 'manual',
  });
  const location = authorize.headers.get('location');
  if (!location) throw new Error(`no sign-in page: HTTP ${authorize.status}`);
  return { path: `${new URL(location, 'http://localhost').pathname}/login`, cookie: cookiesOf(authorize) };
}

/** Posts wrong passwords for new usernames until `done` settles; the answers by status. */
function flood(port: number, page: { path: string; cookie: string }, durationSeconds: number) {
  let n = 0;
  const statuses: Record<string, number> = {};
  return new Promise<{ posts: number; statuses: Record<string, number> }>((resolve, reject) => {
    const run = autocannon(
      {
        url: `http://127.0.0.1:${port}${page.path}`,
        connections: floodConnections,
        duration: durationSeconds,
        method: 'POST',
        headers: { cookie: page.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        requests: [{ setupRequest: (request) => ({ ...request, body: `username=flood${n++}%40bench&password=wrong` }) }],
      },
      (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve({ posts: result.requests.total, statuses })),
    );
    run.on('response', (_client: unknown, statusCode: number) => void (statuses[statusCode] = (statuses[statusCode] ?? 0) + 1));
  });
}

const row = (label: string, l: Latency) =>
  `${label.padEnd(52)}${String(l.p50).padStart(6)}${String(l.p99).padStart(7)}${String(l.max).padStart(7)}${String(l.requests).padStart(9)}${l.non2xx ? `  (${l.non2xx} non-2xx)` : ''}`;

async function scenario(label: string, portal: BenchProcess<PortalReady>) {
  const { port } = portal.ready;
  const page = await signInPage(port);
  const [during, posts] = await Promise.all([registrarLatency(port, await freshToken(portal), seconds), flood(port, page, seconds + 1)]);
  console.log(row(label, during));
  const answers = Object.entries(posts.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  console.log(`${''.padEnd(4)}the flood: ${posts.posts} posts answered ${answers}`);
}

async function main() {
  const server = await openBenchServer();
  const databaseUrl = await server.database(benchDatabaseName(domainCount));
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  await loadBenchRegistry(database, domainCount);
  await database.close();

  console.log(
    `Sign-in flood on ${server.label}: ${floodConnections} connections of wrong passwords, registrar data timed with 4 connections, ${seconds} s each`,
  );
  console.log(`${'registrar data (GET /services/registrar)'.padEnd(52)}${'p50'.padStart(6)}${'p99'.padStart(7)}${'max'.padStart(7)}${'requests'.padStart(9)}`);
  const limited = await startPortal(databaseUrl);
  try {
    console.log(row('alone (the floor)', await registrarLatency(limited.ready.port, await freshToken(limited), seconds)));
    await scenario('during the flood, default limits', limited);
  } finally {
    await limited.stop();
  }
  const unlimited = await startPortal(databaseUrl, { RATE_LIMIT_SIGN_IN_PER_IP: 'off', RATE_LIMIT_SIGN_IN_PER_ACCOUNT: 'off' });
  try {
    await scenario('during the flood, sign-in limits off (argon2 bound)', unlimited);
  } finally {
    await unlimited.stop();
    removeCompiled();
    await server.stop();
  }
}

await main();
