import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import pg from 'pg';
import type { Database } from './database';

let database: Database & { url: string };
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
    } finally {
      for (const client of clients) client.release();
    }
    // The server's own default is left as it is, for the registry's other users of it.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      expect((await other.query<{ value: string }>('SELECT current_setting($1) AS value', ['max_parallel_workers_per_gather'])).rows[0]?.value).not.toBe('0');
    } finally {
      await other.end();
    }
  });
});

describe('a connection the server ends while the portal holds it', () => {
  it('fails its next statement, is dropped on release, and the pool goes on (no unhandled error ends the process)', async () => {
    const held = await database.pool.connect();
    const pid = (await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    await held.query('BEGIN');
    // An administrator's kill, a failover, a replica's recovery conflict: the server ends it between two statements.
    await database.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(held.query('SELECT 1')).rejects.toThrow();
    held.release();
    expect((await database.pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
  });
});
