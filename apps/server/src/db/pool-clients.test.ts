import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgbouncerBinary, startPgBouncer, type RunningPgBouncer } from '../test/pgbouncer';
import { databaseUse, survivePoolClientErrors, watchPoolClients } from './pool-clients';

/*
 * Why statements go unnamed behind PgBouncer 1.18 in transaction mode, and that they then work:
 * the same hot read prepared by name, from several connections at once, through a real PgBouncer
 * with fewer server connections than clients.
 */
// In front of a trust server (DATABASE_URL's, as in CI): PgBouncer's login to the embedded server's
// SCRAM with a password from its [databases] line did not complete here (a gap, docs/decisions.md).
const hasPgBouncer = Boolean(pgbouncerBinary()) && !new URL(inject('testServerUrl')).password;
let bouncer: RunningPgBouncer;

beforeAll(async () => {
  if (hasPgBouncer) bouncer = await startPgBouncer(inject('testServerUrl'), { poolSize: 2 });
});
afterAll(async () => bouncer?.stop());

async function namedReads(unnamedStatements: boolean): Promise<{ failed: number; messages: string[] }> {
  const pool = new pg.Pool({ connectionString: bouncer.urlFor(inject('testServerUrl')), max: 8 });
  watchPoolClients(pool, { unnamedStatements });
  const messages = new Set<string>();
  let failed = 0;
  await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      try {
        expect((await pool.query<{ n: number }>({ name: 'hot_read', text: 'SELECT $1::int AS n', values: [i] })).rows).toEqual([{ n: i }]);
      } catch (error) {
        failed++;
        messages.add((error as Error).message);
      }
    }),
  );
  await pool.end();
  return { failed, messages: [...messages] };
}

describe.runIf(hasPgBouncer)('behind PgBouncer in transaction mode', () => {
  it('breaks statements prepared by name, and runs them all unnamed', async () => {
    const named = await namedReads(false);
    expect(named.failed).toBeGreaterThan(0);
    expect(named.messages.join(' ')).toMatch(/prepared statement "hot_read" (already exists|does not exist)/);
    expect(await namedReads(true)).toEqual({ failed: 0, messages: [] });
  });
});

describe('the writes of a request', () => {
  it('are told to the request that checked the connection out, not to another one', async () => {
    const pool = new pg.Pool({ connectionString: inject('testServerUrl'), max: 1 });
    watchPoolClients(pool, { unnamedStatements: false });
    try {
      await pool.query('CREATE TEMP TABLE IF NOT EXISTS pool_clients_probe (n int)');
      const reader = { wrote: false };
      const writer = { wrote: false };
      // One connection for both: the reader's query waits for the one the writer holds.
      await Promise.all([
        databaseUse.run(writer, () => pool.query('INSERT INTO pool_clients_probe VALUES (1)')),
        databaseUse.run(reader, () => pool.query('SELECT count(*) FROM pool_clients_probe')),
      ]);
      expect(writer).toEqual({ wrote: true });
      expect(reader).toEqual({ wrote: false });
    } finally {
      await pool.end();
    }
  });
});

describe('a connection the server ends while it is checked out', () => {
  it('goes back to the pool when its holder never gives it back (Drizzle 0.45 when BEGIN fails), and the late release is harmless', async () => {
    const pool = new pg.Pool({ connectionString: inject('testServerUrl'), max: 1 });
    watchPoolClients(pool, { unnamedStatements: false });
    survivePoolClientErrors(pool, { graceMs: 200 });
    const admin = new pg.Client({ connectionString: inject('testServerUrl') });
    await admin.connect();
    try {
      const held = await pool.connect();
      const pid = (await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const ended = new Promise((resolve) => held.once('end', resolve));
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await ended;
      // The holder is gone without releasing it: the pool's only connection must come back all the same.
      let timer: NodeJS.Timeout | undefined;
      const stuck = new Promise<'stuck'>((resolve) => (timer = setTimeout(() => resolve('stuck'), 10_000)));
      const answer = await Promise.race([pool.query<{ n: number }>('SELECT 1 AS n').then((result) => result.rows), stuck]);
      clearTimeout(timer);
      expect(answer).toEqual([{ n: 1 }]);
      expect(() => held.release()).not.toThrow();
      expect(pool.totalCount).toBe(1);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
