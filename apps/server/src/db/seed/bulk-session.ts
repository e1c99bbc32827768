import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../database';

/** One connection, inside one transaction, that can run SQL and bulk-copy CSV into a table. */
export interface BulkSession {
  query<R extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** COPY ... FROM STDIN in CSV format. */
  copy(table: string, columns: readonly string[], csv: string): Promise<void>;
  release(): void;
}

const copySql = (table: string, columns: readonly string[]) => `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN WITH (FORMAT csv)`;

export async function openBulkSession(database: Database): Promise<BulkSession> {
  const client = await database.pool.connect();
  return {
    async query<R>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as R[];
    },
    async copy(table, columns, csv) {
      await pipeline(Readable.from([csv]), client.query(copyFrom(copySql(table, columns))));
    },
    release: () => client.release(),
  };
}
