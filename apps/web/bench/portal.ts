import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../../scripts/build-server.mjs';
import { freePort } from '../../server/src/lib/free-port';
import { waitForHealth } from '../../../e2e/support/portal';

/*
 * What the web benchmark measures against: the portal started as `npm start` starts it (the built
 * server, demo mode on a fresh embedded database in a temporary DATA_DIR, a free port), and the floor,
 * a static page from a bare Node server: what Lighthouse gives on this machine for next to nothing.
 */

const root = new URL('../../../', import.meta.url).pathname;

export interface Running {
  url: string;
  stop(): Promise<void>;
}

/**
 * Builds the server into a directory of its own and starts `scripts/start.mjs` on the web build in
 * `webDistDir`, in demo mode, quiet. Sign-in limits are raised: the benchmark signs in and opens the
 * sign-in page more often than a person would.
 */
export async function startPortal(webDistDir: string): Promise<Running> {
  mkdirSync(join(root, 'apps/server/.build'), { recursive: true });
  const serverDistDir = mkdtempSync(join(root, 'apps/server/.build/bench-web-'));
  await buildServer(serverDistDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'rp-bench-web-data-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: webDistDir,
      SERVER_DIST_DIR: serverDistDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_IN_PER_IP: '1000/15m',
      RATE_LIMIT_SIGN_IN_START_PER_IP: '10000/15m',
      RATE_LIMIT_IDENTITY_TOKEN_PER_IP: '10000/1m',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const cleanUp = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(serverDistDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, server, 180_000);
  } catch (error) {
    server.kill('SIGTERM');
    cleanUp();
    throw error;
  }
  return {
    url,
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      cleanUp();
    },
  };
}

/** The floor's page: a heading and a paragraph, no script, no stylesheet. */
const floorPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Floor</title>
  </head>
  <body>
    <h1>Floor</h1>
    <p>A static page from a bare Node server: what Lighthouse gives on this machine for next to nothing.</p>
  </body>
</html>
`;

/** A bare Node HTTP server answering the floor's page at every path. */
export async function startFloor(): Promise<Running> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(floorPage);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A fresh temporary directory for the web build. */
export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** The machine's load averages (1, 5, 15 minutes), printed beside the figures. */
export const loadNow = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
