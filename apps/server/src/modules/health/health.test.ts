import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('health', () => {
  it('is live and ready on a migrated database', async () => {
    expect((await t.app.inject({ url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const { rows } = await t.database.pool.query<{ id: number; hash: string; created_at: string }>(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at',
    );
    try {
      const res = await t.app.inject({ url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', reason: 'migrations pending' });
      expect((await t.app.inject({ url: '/health/live' })).statusCode).toBe(200);
    } finally {
      const [row] = rows;
      if (row)
        await t.database.pool.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [row.id, row.hash, row.created_at]);
    }
    expect((await t.app.inject({ url: '/health/ready' })).statusCode).toBe(200);
  });

  it('stops being ready once shutting down, while still live', async () => {
    t.app.lifecycle.shuttingDown = true;
    try {
      const res = await t.app.inject({ url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
      expect((await t.app.inject({ url: '/health' })).statusCode).toBe(503);
      expect((await t.app.inject({ url: '/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });
});
