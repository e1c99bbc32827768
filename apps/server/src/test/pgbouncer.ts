import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../lib/free-port';

/** Debian's pgbouncer (1.18 on Debian 12), if installed. */
export function pgbouncerBinary(): string | undefined {
  return [process.env.PGBOUNCER_PATH, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path): path is string => Boolean(path && existsSync(path)));
}

export interface RunningPgBouncer {
  /** `serverUrl` with PgBouncer's host and port: the same user and database. */
  urlFor(serverUrl: string): string;
  port: number;
  /** Its log so far, for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
}

/** Waits until `port` takes connections, at most `ms`. */
async function listening(port: number, ms: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pgbouncer did not listen on ${port} within ${ms} ms`);
}

/**
 * PgBouncer in transaction mode on a free loopback port, in front of the PostgreSQL server at
 * `serverUrl` (any database on it, by name), as a registry would run it before the portal: each
 * transaction may run on another server connection. Trust on loopback, like the server behind it.
 * PgBouncer refuses to run as root: as root it runs as `postgres`, which then owns its folder.
 */
export async function startPgBouncer(serverUrl: string, options: { poolSize?: number } = {}): Promise<RunningPgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install -y pgbouncer)');
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const dir = mkdtempSync(join(tmpdir(), 'rp-pgbouncer-'));
  const port = await freePort();
  // A server that asks for a password (the embedded one, for the benchmarks) gets it with its user:
  // PgBouncer 1.18 uses a database entry's password only for the user the entry names.
  const serverPart = `host=${server.hostname} port=${server.port || '5432'}${password ? ` user=${user} password=${password}` : ''}`;
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = ${serverPart}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'pool_mode = transaction',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      'max_client_conn = 2000',
      `default_pool_size = ${options.poolSize ?? 20}`,
      'server_reset_query =',
      // node-postgres sends none; psql and other tools send this one.
      'ignore_startup_parameters = extra_float_digits',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(readFileSync('/etc/passwd', 'utf8').match(/^postgres:[^:]*:(\d+):(\d+):/m)?.[1] ?? NaN);
    const gid = Number(readFileSync('/etc/passwd', 'utf8').match(/^postgres:[^:]*:(\d+):(\d+):/m)?.[2] ?? NaN);
    if (Number.isNaN(uid)) throw new Error('pgbouncer refuses to run as root and there is no postgres user to run it as');
    for (const file of ['', 'users.txt', 'pgbouncer.ini']) chownSync(join(dir, file), uid, gid);
  }
  const child = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const log = () => {
    const file = join(dir, 'pgbouncer.log');
    return (existsSync(file) ? readFileSync(file, 'utf8') : '') + stderr;
  };
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(port, 15_000, child);
  } catch (error) {
    const text = log();
    await stop();
    throw new Error(`${(error as Error).message}\n${text}`);
  }
  return {
    port,
    log,
    stop,
    urlFor(url) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      through.password = '';
      return through.toString();
    },
  };
}
