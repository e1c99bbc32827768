import { spawn } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../lib/free-port';

/** Debian's PostgreSQL 15 binaries: initdb, pg_ctl, pg_basebackup. */
export const postgres15Bin = process.env.POSTGRES15_BIN ?? '/usr/lib/postgresql/15/bin';

export function hasPostgres15(): boolean {
  return existsSync(join(postgres15Bin, 'pg_basebackup'));
}

/** PostgreSQL refuses to run as root: as root, the clusters belong to and run as `postgres`. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const match = readFileSync('/etc/passwd', 'utf8').match(/^postgres:[^:]*:(\d+):(\d+):/m);
  if (!match) throw new Error('running as root without a postgres user to run PostgreSQL as');
  return { uid: Number(match[1]), gid: Number(match[2]) };
}

/** Runs one of the binaries to its end, at most `ms`; its output in the error when it fails. */
function runBinary(name: string, args: string[], ms = 120_000): Promise<void> {
  const user = postgresUser();
  return new Promise((resolve, reject) => {
    const child = spawn(join(postgres15Bin, name), args, { stdio: ['ignore', 'pipe', 'pipe'], ...(user ?? {}) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${name} ${args.join(' ')} failed (${code ?? signal}):\n${output}`));
    });
  });
}

export interface Server {
  port: number;
  dataDir: string;
  /** A database on this server, as user postgres (trust on loopback). */
  url(database: string): string;
  start(): Promise<void>;
  /** A fast shutdown. */
  stop(): Promise<void>;
  /** Appends settings to its postgresql.auto.conf and reloads them. */
  configure(settings: Record<string, string>): Promise<void>;
  /** A standby ends recovery and becomes a primary (`pg_ctl promote`, waiting until it takes writes). */
  promote(): Promise<void>;
  /** SIGKILL to the postmaster and every process it started, as a crashed machine would leave it. */
  kill(): void;
}

/** The process ids whose parent is `parent` (from /proc). */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the parent id is the second field after it.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

function serverAt(dataDir: string, port: number): Server {
  const pgCtl = (args: string[]) => runBinary('pg_ctl', ['-D', dataDir, ...args]);
  return {
    port,
    dataDir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => pgCtl(['-l', join(dataDir, 'server.log'), '-w', '-t', '120', 'start']),
    stop: () => pgCtl(['-m', 'fast', '-w', '-t', '30', 'stop']),
    async configure(settings) {
      appendFileSync(
        join(dataDir, 'postgresql.auto.conf'),
        Object.entries(settings)
          .map(([name, value]) => `${name} = '${value}'\n`)
          .join(''),
      );
      await pgCtl(['reload']);
    },
    promote: () => pgCtl(['-w', '-t', '120', 'promote']),
    kill() {
      const pidFile = join(dataDir, 'postmaster.pid');
      if (!existsSync(pidFile)) return;
      const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      // The children first: once the postmaster is gone they would be its orphans, found no more.
      const processes = [...childrenOf(postmaster), postmaster];
      for (const pid of processes) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      // A killed server leaves its pid file: remove it, so that stop() knows there is nothing to stop.
      rmSync(pidFile, { force: true });
    },
  };
}

export interface PrimaryAndReplica {
  primary: Server;
  replica: Server;
  /** Stops both and removes their folder. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** The replica's `recovery_min_apply_delay` ('5s' unless given). */
  applyDelay?: string;
  /** Settings of the primary after the common ones (copied to the replica by pg_basebackup). */
  primarySettings?: Record<string, string>;
  replicaSettings?: Record<string, string>;
  /** The replica's `application_name` towards the primary, the name `synchronous_standby_names` lists. */
  standbyName?: string;
}

/**
 * A PostgreSQL 15 primary and a streaming replica made from it with pg_basebackup, on free loopback
 * ports in a folder of their own, the replica applying each commit `applyDelay` late
 * (`recovery_min_apply_delay`) so that a read it answers too early is visibly stale. Durability off:
 * their data dies with the test (a SIGKILL of the server loses nothing the operating system holds).
 */
export async function startPrimaryAndReplica(options: ClusterOptions = {}): Promise<PrimaryAndReplica> {
  const root = mkdtempSync(join(tmpdir(), 'rp-replicas-'));
  const user = postgresUser();
  if (user) chownSync(root, user.uid, user.gid);
  const primaryDir = join(root, 'primary');
  const replicaDir = join(root, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = serverAt(primaryDir, primaryPort);
  const replica = serverAt(replicaDir, replicaPort);
  const stop = async () => {
    for (const server of [replica, primary]) {
      if (!existsSync(join(server.dataDir, 'postmaster.pid'))) continue;
      // A fast shutdown, else an immediate one: the data dies with the test anyway.
      await server.stop().catch(async (error: unknown) => {
        console.error(`stopping the server on port ${server.port}:`, error);
        await runBinary('pg_ctl', ['-D', server.dataDir, '-m', 'immediate', '-w', '-t', '20', 'stop'], 30_000).catch(() => server.kill());
      });
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await runBinary('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    const common = {
      listen_addresses: '127.0.0.1',
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '200',
      shared_buffers: '64MB',
    };
    appendFileSync(
      join(primaryDir, 'postgresql.auto.conf'),
      Object.entries({
        ...common,
        port: String(primaryPort),
        unix_socket_directories: primaryDir,
        wal_level: 'replica',
        max_wal_senders: '4',
        ...options.primarySettings,
      })
        .map(([name, value]) => `${name} = '${value}'\n`)
        .join(''),
    );
    await primary.start();
    await runBinary('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast']);
    appendFileSync(
      join(replicaDir, 'postgresql.auto.conf'),
      Object.entries({
        port: String(replicaPort),
        unix_socket_directories: replicaDir,
        hot_standby: 'on',
        recovery_min_apply_delay: options.applyDelay ?? '5s',
        ...(options.standbyName ? { primary_conninfo: `host=127.0.0.1 port=${primaryPort} user=postgres application_name=${options.standbyName}` } : {}),
        ...options.replicaSettings,
      })
        .map(([name, value]) => `${name} = '${value}'\n`)
        .join(''),
    );
    await replica.start();
    return { primary, replica, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs SQL on a server's database and closes the connection. */
export async function onServer<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  // A replica ends a connection that conflicts with its recovery (FATAL 40001) whether or not a query is
  // running: an error event, which without a listener stops the whole test run; a running query's own
  // rejection still reports it.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}
