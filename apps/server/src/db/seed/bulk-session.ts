import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../database';

/** One connection, inside one transaction, that can run SQL and bulk-copy CSV into a table. */
export interface BulkSession {
  engine: Database['engine'];
  query<R extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** COPY ... FROM in CSV format (PostgreSQL: a stream; PGlite: a blob). */
  copy(table: string, columns: readonly string[], csv: string): Promise<void>;
  release(): void;
}

const copySql = (table: string, columns: readonly string[], source: string) =>
  `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM ${source} WITH (FORMAT csv)`;

export async function openBulkSession(database: Database): Promise<BulkSession> {
  if (database.engine === 'postgres') {
    const client = await database.pool.connect();
    return {
      engine: 'postgres',
      async query<R>(sql: string, params: unknown[] = []) {
        return (await client.query(sql, params)).rows as R[];
      },
      async copy(table, columns, csv) {
        await pipeline(Readable.from([csv]), client.query(copyFrom(copySql(table, columns, 'STDIN'))));
      },
      release: () => client.release(),
    };
  }
  const client = database.client;
  return {
    engine: 'pglite',
    async query<R>(sql: string, params: unknown[] = []) {
      return (await client.query<R>(sql, params)).rows;
    },
    async copy(table, columns, csv) {
      await client.query(copySql(table, columns, "'/dev/blob'"), [], { blob: new Blob([csv]) });
    },
    release: () => undefined,
  };
}
