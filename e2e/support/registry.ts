import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres';

/**
 * Plays the registry's part: runs SQL on the portal's own database (the embedded server the
 * portal started in its DATA_DIR, used as a command-line tool uses it, never stopped from here).
 */
export async function asRegistry<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const server = await startEmbeddedPostgres({ dataDir: inject('dataDir'), adopt: false });
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Sets a registrar's status as the registry's feed does. */
export async function setRegistrarStatus(handle: string, status: string): Promise<void> {
  await asRegistry((client) => client.query('UPDATE registrars SET status = $2 WHERE handle = $1', [handle, status]));
}

/**
 * Plays the registry's feed (and the portal's daily scheduler, where a test cannot wait for 06:00)
 * on the portal's own database, through the importer `npm run feed` runs.
 */
export async function asFeed<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const server = await startEmbeddedPostgres({ dataDir: inject('dataDir'), adopt: false });
  const database = await openDatabase({ databaseUrl: server.url, dataDir: inject('dataDir'), migrations: 'refuse', poolSize: 2 });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
