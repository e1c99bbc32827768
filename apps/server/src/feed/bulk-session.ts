import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** `COPY table (columns) FROM STDIN` in CSV format, on the caller's connection and transaction. */
export async function copyCsv(client: PoolClient, table: string, columns: readonly string[], csv: string): Promise<void> {
  const sql = `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN WITH (FORMAT csv)`;
  await pipeline(Readable.from([csv]), client.query(copyFrom(sql)));
}
