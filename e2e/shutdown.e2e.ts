import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { demoPassword, demoTotpSecret } from '../apps/server/src/identity/demo/demo-accounts';
import { clientId, HttpBrowser, issuerPath, signIn } from './support/http-sign-in';
import { freePort } from '../apps/server/src/lib/free-port';

/*
 * A portal started as `npm start` starts it, stopped as an orchestrator stops it (SIGTERM): it
 * stops being ready first, stays live while the proxy notices (SHUTDOWN_DELAY), then exits cleanly.
 */
const root = new URL('..', import.meta.url).pathname;
let portal: ChildProcess | undefined;
let dataDir = '';
/** `npm start` runs in process groups of their own, as a terminal runs it, and their DATA_DIRs. */
const groups: ChildProcess[] = [];
const groupDataDirs: string[] = [];

const status = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 0,
  );

afterAll(async () => {
  if (portal && portal.exitCode === null) portal.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  for (const group of groups) {
    if (group.pid === undefined || group.exitCode !== null || group.signalCode !== null) continue;
    try {
      process.kill(-group.pid, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  }
  for (const dir of groupDataDirs) {
    // A PostgreSQL that a failed test left running (it has a process group of its own): a fast
    // shutdown, waited for, since it writes into the folder until it ends.
    const pidFile = join(dir, 'postgres', 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : undefined;
    if (pid !== undefined && running(pid)) {
      process.kill(pid, 'SIGINT');
      await expect.poll(() => running(pid), { timeout: 30_000, interval: 100 }).toBe(false);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

/** Whether a new connection to the port is taken ('taken'), refused ('refused') or fails otherwise (its error code). */
const connection = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('taken');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? error.message)));
  });

/** Whether a process runs (one that exited but its parent has not reaped yet does not). */
function running(pid: number): boolean {
  const stat = join('/proc', String(pid), 'stat');
  if (!existsSync(stat)) return false;
  // The state follows the command's name in parentheses, which may itself hold spaces.
  const state = readFileSync(stat, 'utf8').split(') ')[1]?.[0];
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/**
 * Bytes the server has not read yet on its side of the connection from `clientPort` (Linux's
 * /proc/net/tcp); undefined while the kernel lists no such connection.
 */
function unreadByServer(serverPort: number, clientPort: number): number | undefined {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const row = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find(([, local, remote]) => local === `0100007F:${hex(serverPort)}` && remote === `0100007F:${hex(clientPort)}`);
  return row ? parseInt(row[4]?.split(':')[1] ?? '', 16) : undefined;
}

describe('graceful shutdown', () => {
  it('answers not ready at SIGTERM while still live, then exits with code 0', async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'rp-e2e-shutdown-'));
    const server = spawn('node', ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        WEB_DIST_DIR: inject('webDistDir'),
        SERVER_DIST_DIR: inject('serverDistDir'),
        LOG_LEVEL: 'warn',
        SHUTDOWN_DELAY: '3000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    portal = server;
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    await expect.poll(() => status(`${url}/health/ready`), { timeout: 120_000, interval: 250 }).toBe(200);

    server.kill('SIGTERM');
    await expect.poll(() => status(`${url}/health/ready`), { timeout: 2_500, interval: 100 }).toBe(503);
    expect(await status(`${url}/health/live`)).toBe(200);
    expect(await exited).toBe(0);
    expect(await status(`${url}/health/live`)).toBe(0);
  });

  it('stops at Ctrl-C (SIGINT to the group of `npm start`): finishes the request in flight, refuses new connections, stops PostgreSQL cleanly, exits 0', async () => {
    const portal = await startNpm({});
    const held = await holdRequest(portal.port, portal.url);

    process.kill(-portal.npm.pid!, 'SIGINT');
    await expect.poll(() => connection(portal.port), { timeout: 10_000, interval: 100 }).toBe('refused');
    // Still running: it waits for the request in flight.
    expect(portal.npm.exitCode).toBeNull();
    held.finish();
    const { response, body } = await held.answered;
    expect(response.statusCode).toBe(200);
    expect(Buffer.byteLength(body)).toBe(Number(response.headers['content-length']));
    expect(JSON.parse(body)).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer' });

    expect(await portal.exited).toBe(0);
    await expectPostgresStoppedCleanly(portal);
  }, 300_000);

  it('cuts a request still running at SHUTDOWN_TIMEOUT, then still closes PostgreSQL cleanly and exits 0', async () => {
    const portal = await startNpm({ SHUTDOWN_TIMEOUT: '1500' });
    const held = await holdRequest(portal.port, portal.url);

    const signalled = Date.now();
    process.kill(-portal.npm.pid!, 'SIGTERM');
    await expect(held.answered).rejects.toThrow(/socket hang up|ECONNRESET/);
    const cutAfter = Date.now() - signalled;
    expect(cutAfter).toBeGreaterThanOrEqual(1_400);
    expect(cutAfter).toBeLessThan(9_000);

    expect(await portal.exited).toBe(0);
    await expectPostgresStoppedCleanly(portal);
  }, 300_000);
});

interface NpmStart {
  npm: ChildProcess;
  port: number;
  url: string;
  /** Its exit code, or the signal that ended it. */
  exited: Promise<number | string | null>;
  dataDir: string;
  /** The embedded PostgreSQL's main process. */
  postmaster: number;
}

/** `npm start` as a terminal runs it, in a process group of its own, on a fresh DATA_DIR; once ready. */
async function startNpm(env: Record<string, string>): Promise<NpmStart> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rp-e2e-ctrl-c-'));
  groupDataDirs.push(dataDir);
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: inject('webDistDir'),
      SERVER_DIST_DIR: inject('serverDistDir'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  groups.push(npm);
  const exited = new Promise<number | string | null>((resolve) => npm.once('exit', (code, signal) => resolve(code ?? signal)));
  await expect.poll(() => status(`${url}/health/ready`), { timeout: 180_000, interval: 250 }).toBe(200);
  const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { npm, port, url, exited, dataDir, postmaster };
}

/**
 * A request in flight for as long as the test wants: a token refresh whose form arrives in two
 * parts, the second when `finish` is called. Resolves once the server has read the first part.
 */
async function holdRequest(port: number, url: string) {
  const tokens = await signIn(new HttpBrowser(url), url, 'admin@acme', demoPassword, () => generate({ secret: demoTotpSecret('admin@acme') }));
  const form = new URLSearchParams({ client_id: clientId, grant_type: 'refresh_token', refresh_token: tokens.refresh_token }).toString();
  const inFlight = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `${issuerPath}/protocol/openid-connect/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) },
  });
  const answered = new Promise<{ response: IncomingMessage; body: string }>((resolve, reject) => {
    inFlight.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve({ response, body }));
      response.once('error', reject);
    });
    inFlight.once('error', reject);
  });
  // Marked handled here: a test that expects it to fail awaits it later.
  answered.catch(() => undefined);
  inFlight.write(form.slice(0, 20));
  const clientPort = await new Promise<number>((resolve) => inFlight.once('socket', (socket) => socket.once('connect', () => resolve(socket.localPort!))));
  // The server has read the headers and the first part: the request is in flight.
  await expect.poll(() => unreadByServer(port, clientPort), { timeout: 10_000, interval: 50 }).toBe(0);
  return { answered, finish: () => inFlight.end(form.slice(20)) };
}

/** No PostgreSQL server left on the cluster, its log says it shut down, and its next start needs no recovery. */
async function expectPostgresStoppedCleanly({ dataDir, postmaster }: NpmStart): Promise<void> {
  const clusterDir = join(dataDir, 'postgres');
  expect(running(postmaster)).toBe(false);
  expect(existsSync(join(clusterDir, 'postmaster.pid'))).toBe(false);
  const log = join(clusterDir, 'server.log');
  expect(readFileSync(log, 'utf8')).toMatch(/database system is shut down/);
  const logBefore = readFileSync(log, 'utf8').length;
  const again = await startEmbeddedPostgres({ dataDir, adopt: true });
  await again.stop();
  const restart = readFileSync(log, 'utf8').slice(logBefore);
  expect(restart).toMatch(/database system was shut down at/);
  expect(restart).not.toMatch(/interrupted|recovery/);
}
