import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from './support/portal';

/*
 * A portal started as `npm start` starts it, stopped as an orchestrator stops it (SIGTERM): it
 * stops being ready first, stays live while the proxy notices (SHUTDOWN_DELAY), then exits cleanly.
 */
const root = new URL('..', import.meta.url).pathname;
let portal: ChildProcess | undefined;
let dataDir = '';

const status = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 0,
  );

afterAll(() => {
  if (portal && portal.exitCode === null) portal.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

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
});
