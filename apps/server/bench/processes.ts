import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { JWK } from 'jose';
import { serverNodeFlags } from '../../../scripts/build-server.mjs';
import { benchRegistrar } from './report-data';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(serverDir, 'bench', '.build');

/**
 * A bench entry as one JavaScript file, compiled the way `npm start` compiles the server
 * (scripts/build-server.mjs), its dependencies left to node_modules (so it is written inside the
 * package). `import.meta.url` is pinned to the database module's, which finds the migrations by it.
 */
export async function compile(entry: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${basename(entry, '.ts')}.mjs`);
  const pkg = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, zod: '' })
    .filter((name) => name !== '@registrar-panel/contract')
    .flatMap((name) => [name, `${name}/*`]);
  await build({
    entryPoints: [join(serverDir, 'bench', entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    external,
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(serverDir, 'src', 'db', 'database.ts')).href) },
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** Removes what `compile` wrote. */
export const removeCompiled = () => rmSync(outDir, { recursive: true, force: true });

export interface BenchProcess<T> {
  pid: number;
  /** The first message the process sent: its port and whatever else it reports. */
  ready: T;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Forks a bench server, optionally sends it its setup, and waits for its first message. */
export async function startProcess<T>(
  script: string,
  options: { execArgv?: string[]; env?: NodeJS.ProcessEnv; setup?: unknown } = {},
): Promise<BenchProcess<T>> {
  const child = fork(script, [], { execArgv: options.execArgv ?? [], env: options.env ?? process.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`${basename(script)} exited with code ${code}`)));
    if (options.setup !== undefined) child.send(options.setup as object);
  });
  return {
    pid: child.pid!,
    ready,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.connected) child.send('stop');
      else child.kill();
      await exited;
    },
  };
}

/** A process's resident memory now (VmRSS) or its high-water mark (VmHWM), in kB. */
export function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0);
}

/** Resets a process's VmHWM to its current RSS, so the next peak is the next phase's own. */
export const resetPeakMemory = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

export const mb = (kb: number) => (kb / 1024).toFixed(1);

/** What the portal's bench process tells once it listens (portal-server.ts). */
export interface PortalReady {
  port: number;
  /** An access token of the bench registrar's ADMIN holding every role. */
  token: string;
  publicJwk: JWK;
  issuer: string;
}

/**
 * A new access token from the portal's process: they live 5 minutes, as the embedded provider's,
 * and the API refuses a longer-lived one, so a benchmark asks again before each phase.
 */
export function freshToken(portal: BenchProcess<PortalReady>): Promise<string> {
  return new Promise((resolve) => {
    portal.child.once('message', (message) => resolve((message as { token: string }).token));
    portal.child.send('token');
  });
}

/**
 * The portal on the given database, compiled and started with Node's options as `npm start` starts it;
 * `entry` another bench server file that builds it likewise (bell-portal-server.ts).
 */
export async function startPortal(databaseUrl: string, overrides: Record<string, string> = {}, entry = 'portal-server.ts'): Promise<BenchProcess<PortalReady>> {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DEMO_MODE: 'false',
    TOTP_ENCRYPTION_KEY: '00'.repeat(32),
    BENCH_REGISTRAR: benchRegistrar,
    LOG_LEVEL: 'warn',
    // One user at thousands of requests a second from one address: limits that high still count
    // every request, so the figures include the limiter's own cost.
    RATE_LIMIT_SERVICES_PER_USER: '100000000/1m',
    RATE_LIMIT_SERVICES_PER_IP: '100000000/1m',
    ...overrides,
  };
  return startProcess<PortalReady>(await compile(entry), { env, execArgv: serverNodeFlags() });
}
