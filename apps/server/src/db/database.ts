import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';
import { migrateDatabase, pendingMigrations } from './migrator';
import { survivePoolClientErrors, watchPoolClients } from './pool-clients';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query layer. */
export type Db = NodePgDatabase<Schema>;

/** An open database: Drizzle on top, plus the pool for what Drizzle does not do (cursors, COPY). */
export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * The server itself, past any pooler, for a session of its own (a LISTEN: db/change-notices.ts).
   * Unset for a replica's pool, and behind a pooler in transaction mode given no `directUrl`.
   */
  sessionUrl?: string | undefined;
  close: () => Promise<void>;
}

/**
 * A service that writes and also reads what tolerates lag: `db` (the primary) for the writes and the
 * reads that decide them, `reads` for the rest (a replica or the primary, as plugins/api-routes.ts chose).
 */
export interface WritesAndReads {
  db: Db;
  reads: Database;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The URL of another database on the same server. */
export function databaseUrlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded PostgreSQL server under `dataDir` is started. */
  databaseUrl?: string | undefined;
  /** Where the embedded server keeps its cluster and credentials. */
  dataDir: string;
  /**
   * Pending migrations: 'apply' them under the advisory lock (the portal's start, `npm run
   * migrate`), 'refuse' to go on (the command-line tools), or 'ignore' (tests open a migrated copy).
   */
  migrations?: 'apply' | 'refuse' | 'ignore';
  /**
   * The server itself when `databaseUrl` is a pooler: the migrator's advisory lock, its session
   * `SET` and CREATE INDEX CONCURRENTLY need one server session throughout. Unset: `databaseUrl`.
   */
  directUrl?: string | undefined;
  /**
   * 'transaction': `databaseUrl` is PgBouncer in transaction mode. Statements go unnamed (1.18 cannot
   * follow named ones from one transaction to the next) and the connection sends no startup options
   * (PgBouncer refuses them): the role's own settings hold instead (README, "Behind PgBouncer").
   */
  pooler?: 'none' | 'transaction';
  /** Connections in the pool. */
  poolSize?: number;
  /** The longest a statement may run before PostgreSQL cancels it; 0 or unset: no limit. */
  statementTimeoutMs?: number;
  /** Whether a running embedded server found at start is this process's to stop (see `EmbeddedPostgresOptions.adopt`). */
  adoptEmbedded?: boolean;
  onIdleConnectionError?: (error: Error) => void;
  log?: (message: string) => void;
}

/**
 * Timestamps come back as JavaScript Dates and JSON as parsed values, whatever the query path
 * (Drizzle or raw SQL): node-postgres does both by default, and nothing here changes it.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = options.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: options.dataDir, adopt: options.adoptEmbedded ?? false, log: options.log });
  const pooled = options.pooler === 'transaction';
  const pool = new pg.Pool({
    connectionString: options.databaseUrl ?? embedded?.url,
    max: options.poolSize ?? 10,
    // The portal's reads are short index reads: starting parallel workers and gathering their rows
    // cost more than the reads themselves (a search of 1,000,000 registrations among 7,000,000: p95
    // 164 ms with two workers, 15 ms without; docs/decisions.md, "No parallel query for the portal").
    // A startup option of each connection, like the statement timeout.
    ...(pooled ? {} : { options: '-c max_parallel_workers_per_gather=0' }),
    ...(options.statementTimeoutMs && !pooled ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  watchPoolClients(pool, { unnamedStatements: pooled });
  // An idle connection the server closed (restart, failover) must not crash the process: the pool replaces it.
  pool.on('error', options.onIdleConnectionError ?? ((error) => console.error('idle PostgreSQL connection failed:', error.message)));
  // Nor one the server ends while it is checked out.
  survivePoolClientErrors(pool);
  const close = async () => {
    await pool.end();
    await embedded?.stop();
  };
  try {
    const db = drizzle(pool, { schema });
    const migrations = options.migrations ?? 'apply';
    if (migrations === 'apply') {
      const direct = options.directUrl && options.directUrl !== options.databaseUrl ? new pg.Pool({ connectionString: options.directUrl, max: 1 }) : undefined;
      try {
        await migrateDatabase(direct ?? pool, migrationsFolder, options.log);
      } finally {
        await direct?.end();
      }
    }
    if (migrations === 'refuse') {
      const pending = await pendingMigrations(pool, migrationsFolder);
      if (pending.length > 0)
        throw new Error(`The database is not migrated (${pending.length} pending: ${pending.join(', ')}): run \`npm run migrate\` or start the portal first`);
    }
    const sessionUrl = pooled ? options.directUrl : (options.databaseUrl ?? embedded?.url);
    return { db, pool, sessionUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}
