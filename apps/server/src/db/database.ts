import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query layer, the same type on both engines. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** An open database: Drizzle on top, plus the engine's own client for what Drizzle does not do (streaming). */
export type Database =
  { engine: 'pglite'; db: Db; client: PGlite; close: () => Promise<void> } | { engine: 'postgres'; db: Db; pool: pg.Pool; close: () => Promise<void> };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for a throw-away database. */
  dataDir: string;
  onIdleConnectionError?: (error: Error) => void;
}

/** Opens the database and applies the migrations that are not applied yet. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closed (restart, failover) must not crash the process: the pool replaces it.
    pool.on('error', options.onIdleConnectionError ?? ((error) => console.error('idle PostgreSQL connection failed:', error.message)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    return { engine: 'postgres', db, pool, close: () => pool.end() };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm, btree_gin } });
  const drizzled = drizzlePglite(client, { schema });
  await migratePglite(drizzled, { migrationsFolder });
  return { engine: 'pglite', db: drizzled as unknown as Db, client, close: () => client.close() };
}
