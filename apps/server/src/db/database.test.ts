import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { Database } from './database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('the portal’s connections', () => {
  it('run without parallel query, every one of the pool (the server’s default plans two workers)', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => database.pool.connect()));
    try {
      const settings = await Promise.all(
        clients.map(
          async (client) => (await client.query<{ value: string }>('SELECT current_setting($1) AS value', ['max_parallel_workers_per_gather'])).rows[0]?.value,
        ),
      );
      expect(settings).toEqual(['0', '0', '0', '0']);
      const server = await clients[0]!.query<{ reset_val: string }>(`SELECT reset_val FROM pg_settings WHERE name = 'max_parallel_workers_per_gather'`);
      expect(server.rows[0]?.reset_val).not.toBe('0');
    } finally {
      for (const client of clients) client.release();
    }
  });
});
