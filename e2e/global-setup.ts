import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build-server.mjs';
import { startMailCatcher } from './support/mail-catcher';
import { waitForHealth } from './support/portal';

const root = new URL('..', import.meta.url).pathname;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    /** The web app built for this run; the Keycloak suite serves it from a portal of its own. */
    webDistDir: string;
    /** The server built for this run (`npm start` serves a build as it is, even one older than the sources). */
    serverDistDir: string;
    /** The portal's DATA_DIR: tests that play the registry's part reach its embedded database through it. */
    dataDir: string;
  }
}

/**
 * Builds the web app and the server and starts the portal the way `npm start` does, in demo mode on a fresh
 * embedded database, with mail going to a real SMTP listener on loopback.
 */
export default async function setup(project: TestProject) {
  // Private builds of today's sources (`npm start` serves a build as it is), so that parallel runs never
  // share (or half-write) apps/web/dist or apps/server/dist.
  const distDir = mkdtempSync(join(tmpdir(), 'rp-e2e-web-'));
  // With the pseudo-language en-XA, which the layout check runs in (npm run build leaves it out).
  const build = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: join(root, 'apps/web'),
    stdio: 'pipe',
    encoding: 'utf8',
    env: { ...process.env, VITE_PSEUDO_LANGUAGE: 'on' },
  });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  // The server's lies inside apps/server, where its packages resolve from node_modules.
  mkdirSync(join(root, 'apps/server/.build'), { recursive: true });
  const serverDistDir = mkdtempSync(join(root, 'apps/server/.build/e2e-'));
  await buildServer(serverDistDir);

  const dataDir = mkdtempSync(join(tmpdir(), 'rp-e2e-data-'));
  const mail = await startMailCatcher();
  const port = 18000 + Math.floor(Math.random() * 1000);
  const baseUrl = `http://localhost:${port}`;
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: mail.url,
      WEB_DIST_DIR: distDir,
      SERVER_DIST_DIR: serverDistDir,
      LOG_LEVEL: 'warn',
      // Every suite signs in from this one address, the demo users again and again, and the EPP
      // suite changes one password more often than a person would: limits raised for that only
      // (the server's tests test the limits).
      RATE_LIMIT_SIGN_IN_PER_IP: '1000/15m',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000/15m',
      RATE_LIMIT_SIGN_IN_START_PER_IP: '10000/15m',
      RATE_LIMIT_IDENTITY_TOKEN_PER_IP: '10000/1m',
      RATE_LIMIT_EPP_PASSWORD_PER_USER: '100/1h',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server, 180_000);
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mail.dir);
  project.provide('webDistDir', distDir);
  project.provide('serverDistDir', serverDistDir);
  project.provide('dataDir', dataDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
    rmSync(serverDistDir, { recursive: true, force: true });
  };
}
