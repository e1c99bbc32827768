import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../lib/free-port';

/*
 * HAProxy from Debian's package in front of PostgreSQL nodes, running deploy/patroni/haproxy.cfg as
 * it is: every connection to its port goes to the node whose check agent answers /primary with 200.
 */

const recipe = new URL('../../../../deploy/patroni/haproxy.cfg', import.meta.url).pathname;

/** The haproxy binary (Debian puts it in /usr/sbin, which is not on every user's PATH), if installed. */
export function haproxyBinary(): string | undefined {
  return [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((path): path is string =>
    Boolean(path && existsSync(path)),
  );
}

export interface PostgresProxy {
  port: number;
  /** `serverUrl` with the proxy's host and port. */
  urlFor(serverUrl: string): string;
  /** Each node's state as the runtime API says it: `UP` or `DOWN` (or a transition). */
  states(): Promise<Record<string, string>>;
  /** Warnings (a node going DOWN or UP) and alerts, as printed. */
  output: string[];
  stop(): Promise<void>;
}

/** Asks the runtime API one command and reads the whole answer. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let answer = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${command}\n`));
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

/**
 * Starts HAProxy on a free loopback port with the recipe, in front of `pg1` and `pg2` (PostgreSQL
 * port and check agent port each); the checks' pace from `checks` (the test's are short). Resolves
 * once the runtime API answers; which node is UP is for the caller to wait for.
 */
export async function startPostgresProxy(options: {
  nodes: readonly [{ port: number; checkPort: number }, { port: number; checkPort: number }];
  checks: { interval: string; fastInterval: string; fall: number; rise: number };
  timeoutMs?: number;
}): Promise<PostgresProxy> {
  const binary = haproxyBinary();
  if (!binary) throw new Error('haproxy is not installed (apt-get install -y haproxy)');
  const dir = mkdtempSync(join(tmpdir(), 'rp-pg-haproxy-'));
  const socket = join(dir, 'admin.sock');
  const port = await freePort();
  const [pg1, pg2] = options.nodes;
  const child = spawn(binary, ['-f', recipe], {
    env: {
      ...process.env,
      POSTGRES_BIND: `127.0.0.1:${port}`,
      HAPROXY_SOCKET: socket,
      PG_1: `127.0.0.1:${pg1.port}`,
      PG_1_CHECK_PORT: String(pg1.checkPort),
      PG_2: `127.0.0.1:${pg2.port}`,
      PG_2_CHECK_PORT: String(pg2.checkPort),
      CHECK_INTERVAL: options.checks.interval,
      CHECK_FAST_INTERVAL: options.checks.fastInterval,
      CHECK_FALL: String(options.checks.fall),
      CHECK_RISE: String(options.checks.rise),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const proxy: PostgresProxy = {
    port,
    output,
    urlFor(url) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    async states() {
      const [header = '', ...rows] = (await ask(socket, 'show stat')).trim().split('\n');
      const names = header.replace(/^# /, '').split(',');
      const states: Record<string, string> = {};
      for (const row of rows) {
        const stat = Object.fromEntries(row.split(',').map((value, index) => [names[index] ?? String(index), value]));
        if (stat.pxname === 'primary' && stat.svname !== 'BACKEND' && stat.svname) states[stat.svname] = stat.status ?? '';
      }
      return states;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with code ${child.exitCode}:\n${output.join('\n')}`);
    if (
      await proxy.states().then(
        (states) => Object.keys(states).length === 2,
        () => false,
      )
    )
      return proxy;
    if (Date.now() > deadline) {
      await proxy.stop();
      throw new Error(`haproxy's runtime API did not answer in time:\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
