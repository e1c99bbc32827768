import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { databaseUrlOf } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

/**
 * The database of one generated registry (N domains among R registrars, seed S), shared by the
 * benchmarks: the same options generate the same data, so it is loaded once.
 */
export const benchDatabaseName = (domains: number, registrars = 1, seed = 1) => `rp_bench_${domains}_${registrars}_${seed}`;

export interface BenchServer {
  /** The server's maintenance database, where bench databases are created. */
  serverUrl: string;
  /** What the figures are on, for the printed header. */
  label: string;
  /** A database of this name on the server, created if missing (dropped first when `fresh`). */
  database(name: string, fresh?: boolean): Promise<string>;
  /**
   * Empties the caches: restarts the embedded server (its shared buffers go) and drops the
   * operating system's page cache (root only). Says what it could not do.
   */
  coldStart(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL server a benchmark runs on: DATABASE_URL's, else the embedded server (as `npm
 * start` runs it) with its cluster kept under the system's temp directory, so generated data of
 * millions of domains is loaded once and reused by later runs.
 */
export async function openBenchServer(): Promise<BenchServer> {
  const given = process.env.DATABASE_URL;
  const start = () => startEmbeddedPostgres({ dataDir: join(tmpdir(), 'rp-bench-postgres'), adopt: true, log: (m) => console.error(m) });
  let embedded = given ? undefined : await start();
  let serverUrl = given ?? databaseUrlOf(embedded!.url, 'postgres');
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    get serverUrl() {
      return serverUrl;
    },
    label: given ? 'PostgreSQL at DATABASE_URL' : 'the embedded PostgreSQL',
    async database(name, fresh = false) {
      await admin(async (client) => {
        if (fresh) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
      });
      return databaseUrlOf(serverUrl, name);
    },
    async coldStart() {
      const notes: string[] = [];
      if (embedded) {
        await embedded.stop();
        embedded = await start();
        serverUrl = databaseUrlOf(embedded.url, 'postgres');
      } else notes.push("DATABASE_URL's server keeps its shared buffers");
      try {
        execFileSync('sync');
        writeFileSync('/proc/sys/vm/drop_caches', '3');
      } catch {
        notes.push('the page cache stays (dropping it needs root)');
      }
      return notes.join('; ');
    },
    stop: async () => embedded?.stop(),
  };
}
