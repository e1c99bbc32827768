import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * HAProxy from Debian's package, run in the foreground with the recipe of deploy/haproxy: its
 * `server` lines replaced by the instances given, everything else as an operator would run it.
 */

const recipe = new URL('../../deploy/haproxy/haproxy.cfg', import.meta.url);

/** The haproxy binary (Debian puts it in /usr/sbin, which is not on every user's PATH), if installed. */
export function haproxyBinary(): string | undefined {
  const candidates = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path!));
}

/** The recipe with one `server` line per instance, where the recipe has its own. */
export function fleetConfig(servers: readonly { name: string; address: string }[]): string {
  const serverLine = /^(\s*)server portal\d+ .*$/;
  const lines = readFileSync(recipe, 'utf8').split('\n');
  const first = lines.findIndex((line) => serverLine.test(line));
  if (first < 0) throw new Error('deploy/haproxy/haproxy.cfg has no `server portalN` line to put the instances in');
  const indent = serverLine.exec(lines[first] ?? '')?.[1] ?? '    ';
  const rest = lines.filter((line) => !serverLine.test(line));
  rest.splice(first, 0, ...servers.map((server) => `${indent}server ${server.name} ${server.address}`));
  return rest.join('\n');
}

/** One line of `show stat` for a server, by the CSV's own column names. */
export type ServerStat = Record<string, string>;

export interface Haproxy {
  url: string;
  process: ChildProcess;
  /** Request log, warnings (servers going DOWN and UP) and alerts, as printed. */
  output: string[];
  /** The backend's servers as the runtime API reports them. */
  servers(): Promise<ServerStat[]>;
  stop(): Promise<void>;
}

/** Asks the runtime API (the stats socket) one command and reads the whole answer. */
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

async function serverStats(socket: string, backend: string): Promise<ServerStat[]> {
  const [header = '', ...rows] = (await ask(socket, 'show stat')).trim().split('\n');
  const names = header.replace(/^# /, '').split(',');
  return (
    rows
      .map((row) => Object.fromEntries(row.split(',').map((value, index) => [names[index] ?? String(index), value])))
      .filter((stat) => stat.pxname === backend && stat.svname !== 'BACKEND' && stat.svname !== 'FRONTEND')
      // HAProxy prefixes the last check's result with `* ` while the next check is running (a CI run
      // on a loaded machine read `* L7OK`): the result is the same.
      .map((stat) => ({ ...stat, check_status: (stat.check_status ?? '').replace(/^\* /, '') }))
  );
}

/**
 * Starts HAProxy on `port` of loopback in front of `servers` with the recipe's settings; the check
 * interval is the one given. Resolves once every server is checked UP and the proxy answers.
 */
export async function startHaproxy(options: {
  binary: string;
  port: number;
  servers: readonly { name: string; address: string }[];
  checkInterval: string;
  timeoutMs: number;
}): Promise<Haproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'rp-fleet-haproxy-'));
  const configFile = join(dir, 'haproxy.cfg');
  const socket = join(dir, 'admin.sock');
  writeFileSync(configFile, fleetConfig(options.servers));
  const child = spawn(options.binary, ['-f', configFile], {
    env: { ...process.env, PORTAL_BIND: `127.0.0.1:${options.port}`, HAPROXY_SOCKET: socket, HEALTH_CHECK_INTERVAL: options.checkInterval },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const proxy: Haproxy = {
    url: `http://127.0.0.1:${options.port}`,
    process: child,
    output,
    servers: () => serverStats(socket, 'portals'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with code ${child.exitCode}:\n${output.join('\n')}`);
    const stats = await proxy.servers().catch(() => []);
    const allUp = stats.length === options.servers.length && stats.every((stat) => stat.status === 'UP' && stat.check_status === 'L7OK');
    if (
      allUp &&
      (await fetch(`${proxy.url}/health/ready`)
        .then((response) => response.ok)
        .catch(() => false))
    )
      return proxy;
    if (Date.now() > deadline) {
      await proxy.stop();
      throw new Error(`haproxy did not see every instance ready within ${options.timeoutMs} ms:\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The request log's lines (option httplog) that tell of trouble: an answer of 5xx, a session that
 * ended other than normally (its termination state, e.g. `SH--`: the server closed before answering)
 * or a request that was retried (`+` when sent to another server). Health checks and the proxy's
 * own refusals (no server) left out. HAProxy does not log a request whose reused server connection
 * died: it closes the client's connection without an answer, as a server ending keep-alive would.
 */
export function troubleInLog(output: readonly string[]): string[] {
  const line = /^<\d+>\S+ \[[^\]]+\] \S+ (\S+) \S+ (-?\d+) \S+ \S+ \S+ (\S{4}) \d+\/\d+\/\d+\/\d+\/(\+?\d+) \S+ "(.*)"$/;
  return output.filter((text) => {
    const match = line.exec(text);
    if (!match || match[1] === 'portal/<NOSRV>' || match[5]?.includes(' /health')) return false;
    return Number(match[2]) >= 500 || match[3] !== '----' || match[4] !== '0';
  });
}
