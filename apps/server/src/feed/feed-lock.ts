import type { PoolClient } from 'pg';
import type { Database } from '../db/database';

/** One feed at a time: a second importer would interleave batches out of sequence. */
const feedLock = 'registrar-panel:feed';

/**
 * Runs `work` on one connection that holds the feed's advisory lock (a session lock: it ends with
 * the connection, so a killed run frees it). Throws when another feed holds it.
 */
export async function withFeedLock<T>(database: Database, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [feedLock]);
    if (!rows[0]?.locked) throw new Error('another feed is being applied to this database: wait for it to finish');
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [feedLock]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
