import type { PoolClient } from 'pg';
import type { Database } from '../db/database';

/** The feed's row in `feed_position`: one stream, the registry's. */
export const feedStream = 'registry';

/** The sequence number of the last change applied (0 before the first). */
export async function readPosition(client: PoolClient | Database['pool']): Promise<number> {
  const { rows } = await client.query<{ last_seq: string }>('SELECT last_seq FROM feed_position WHERE stream = $1', [feedStream]);
  return rows[0] ? Number(rows[0].last_seq) : 0;
}

/** Records the position, in the caller's transaction (the batch's own). It never moves back. */
export async function recordPosition(client: PoolClient, seq: number): Promise<void> {
  await client.query(
    `INSERT INTO feed_position (stream, last_seq, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (stream) DO UPDATE SET last_seq = greatest(feed_position.last_seq, excluded.last_seq), updated_at = now()`,
    [feedStream, seq],
  );
}
