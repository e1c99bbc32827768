import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { serverNodeFlags } from '../../scripts/build-server.mjs';
import { waitForHealth } from './portal';

/*
 * Several portals as a registry runs them: one server build (the run's, global-setup.ts), started
 * as separate processes on one PostgreSQL database, each with its own port.
 */

const root = new URL('../..', import.meta.url).pathname;

/** A fresh, empty database on the server of `serverUrl`, and how to drop it (connections and all). */
export async function createDatabase(serverUrl: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `rp_fleet_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** One running instance: its address, its process and everything it printed. */
export interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  output: string[];
}

/** Starts the built server (`server.js` of a build) as `npm start` runs it, listening on loopback only. */
export function startInstance(bundle: string, name: string, port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, [...serverNodeFlags(), bundle], {
    cwd: join(root, 'apps/server'),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, port, url: `http://127.0.0.1:${port}`, process: child, output };
}

export async function waitUntilReady(instance: Instance, timeoutMs: number): Promise<void> {
  try {
    await waitForHealth(instance.url, instance.process, timeoutMs);
  } catch (error) {
    throw new Error(`${instance.name}: ${error instanceof Error ? error.message : String(error)}\n${instance.output.slice(-30).join('\n')}`, { cause: error });
  }
}

/** Stops an instance that may already be gone: SIGTERM, then SIGKILL when it takes too long. */
export async function stopInstance(instance: Instance, graceMs = 15_000): Promise<void> {
  const child = instance.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
