import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import { createRegistrar } from '../test/factories';
import type { Database } from './database';
import { openChangeNotices, type ChangeNotices } from './change-notices';
import { registrarStatusCache, type RegistrarStatusCache } from './registrar-status-cache';
import { registrars } from './schema';

/*
 * The status cache of two instances on one database, with the real LISTEN/NOTIFY of migration
 * 0030: a status read once is not read again, a change reaches both at its commit, and while the
 * listener is gone every request reads the database.
 */

let database: Database & { url: string };
const listeners: ChangeNotices[] = [];
// Statements the caches' reads sent: one per checkout of the pool (each read is a single statement).
let statements = 0;

/** One instance's cache: its own listener (as each instance of a fleet has) and the cache over it. */
type Instance = RegistrarStatusCache & Pick<ChangeNotices, 'caughtUp' | 'listening'>;
function cache(sessionUrl: string | undefined = database.url): Instance {
  const notices = openChangeNotices(database.db, { sessionUrl, retryMs: 50, retryMaxMs: 200 });
  listeners.push(notices);
  const statuses = registrarStatusCache(database.db, notices);
  return {
    statusOf: (handle) => statuses.statusOf(handle),
    caughtUp: (timeoutMs) => notices.caughtUp(timeoutMs),
    get listening() {
      return notices.listening;
    },
  };
}

async function untilListening(...list: Instance[]): Promise<void> {
  await expect.poll(() => list.every((c) => c.listening), { timeout: 10_000 }).toBe(true);
}

const setStatus = (handle: string, status: string) => database.db.update(registrars).set({ status }).where(eq(registrars.handle, handle));

/** Statements sent while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
  const before = statements;
  await work();
  return statements - before;
}

beforeAll(async () => {
  database = await openTestDatabase();
  database.pool.on('acquire', () => (statements += 1));
  await createRegistrar(database.db, { handle: 'north', status: 'ACTIVE' });
  await createRegistrar(database.db, { handle: 'south', status: 'ACTIVE' });
});

afterAll(async () => {
  await Promise.all(listeners.map((c) => c.close()));
  await database?.close();
});

describe('the registrar status cache', () => {
  it('reads a status once, then answers from memory', async () => {
    const one = cache();
    await untilListening(one);
    expect(await statementsDuring(() => one.statusOf('north'))).toBe(1);
    expect(await statementsDuring(async () => expect(await one.statusOf('north')).toBe('ACTIVE'))).toBe(0);
  });

  it('is told of a change at its commit on every instance, and of nothing else', async () => {
    const [one, two] = [cache(), cache()];
    await untilListening(one, two);
    for (const c of [one, two]) for (const handle of ['north', 'south']) await c.statusOf(handle);
    await setStatus('north', 'BLOCKED');
    await one.caughtUp();
    await two.caughtUp();
    expect(await one.statusOf('north')).toBe('BLOCKED');
    expect(await two.statusOf('north')).toBe('BLOCKED');
    // South did not change: still from memory, no statement.
    expect(await statementsDuring(() => Promise.all([one.statusOf('south'), two.statusOf('south')]))).toBe(0);
    // The feed's upsert of an unchanged status tells nothing: north stays known.
    await database.db.update(registrars).set({ status: 'BLOCKED' }).where(eq(registrars.handle, 'north'));
    await one.caughtUp();
    expect(await statementsDuring(() => one.statusOf('north'))).toBe(0);
    await setStatus('north', 'ACTIVE');
    await one.caughtUp();
    expect(await one.statusOf('north')).toBe('ACTIVE');
  });

  it('reads the database on every call while its listener is gone, and keeps statuses again once it listens', async () => {
    const one = cache();
    await untilListening(one);
    await one.statusOf('south');
    // The connection is cut, as a restart of PostgreSQL or a failover would.
    await database.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`);
    await expect.poll(() => one.listening, { timeout: 10_000 }).toBe(false);
    // A change made while nobody listens is seen by the very next call.
    await setStatus('south', 'SUSPENDED');
    expect(await one.statusOf('south')).toBe('SUSPENDED');
    await untilListening(one);
    await one.statusOf('south');
    expect(await statementsDuring(async () => expect(await one.statusOf('south')).toBe('SUSPENDED'))).toBe(0);
    await setStatus('south', 'ACTIVE');
    await one.caughtUp();
    expect(await one.statusOf('south')).toBe('ACTIVE');
  });

  it('keeps nothing without a session to listen on (a pooler given no direct URL)', async () => {
    const one = cache(undefined);
    expect(one.listening).toBe(false);
    expect(await statementsDuring(() => one.statusOf('north'))).toBe(1);
    expect(await statementsDuring(() => one.statusOf('north'))).toBe(1);
  });

  it('does not keep a registrar that does not exist', async () => {
    const one = cache();
    await untilListening(one);
    expect(await one.statusOf('nowhere')).toBeUndefined();
    expect(await statementsDuring(() => one.statusOf('nowhere'))).toBe(1);
  });
});
