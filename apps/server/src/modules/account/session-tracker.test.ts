import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSessions } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { accountSessionTracker } from './session-tracker';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
});
afterAll(async () => t?.close());

const rowOf = async (sessionId: string) => (await t.database.db.select().from(accountSessions).where(eq(accountSessions.sessionId, sessionId)))[0];
const request = (userAgent: string) => ({ headers: { 'user-agent': userAgent }, ip: '192.0.2.1' }) as unknown as FastifyRequest;

describe('the session tracker', () => {
  it('writes last seen at most once a minute, and keeps the first user agent and address', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const track = accountSessionTracker(t.database.db, t.app.changeNotices, () => now);
    const session = { sessionId: 's-minute', username: 'lena@alpha', registrarHandle: 'alpha' };
    expect(await track({ ...session, request: request('first agent') })).toBe(true);
    now = new Date('2026-11-27T10:00:59Z');
    expect(await track({ ...session, request: request('second agent') })).toBe(true);
    expect(await rowOf('s-minute')).toMatchObject({ userAgent: 'first agent', lastSeenAt: new Date('2026-11-27T10:00:00Z') });
    now = new Date('2026-11-27T10:01:00Z');
    await track({ ...session, request: request('x') });
    expect((await rowOf('s-minute'))?.lastSeenAt).toEqual(now);
  });

  it('writes one row for many first requests at once, bounds the user agent, and refuses another user with the same id', async () => {
    const track = accountSessionTracker(t.database.db, t.app.changeNotices);
    const session = { sessionId: 's-parallel', username: 'otto@alpha', registrarHandle: 'alpha' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => track({ ...session, request: request('x'.repeat(5000)) })));
    expect(answers).toEqual(Array.from({ length: 10 }, () => true));
    expect((await rowOf('s-parallel'))?.userAgent).toHaveLength(512);
    expect(await track({ ...session, username: 'lena@alpha', request: request('y') })).toBe(false);
  });

  it('keeps an open session in memory, and refuses it once another instance ends it and this one is told', async () => {
    const track = accountSessionTracker(t.database.db, t.app.changeNotices);
    await expect.poll(() => t.app.changeNotices.listening, { timeout: 10_000 }).toBe(true);
    const session = { sessionId: 's-kept', username: 'lena@alpha', registrarHandle: 'alpha', request: request('x') };
    expect(await track(session)).toBe(true);
    expect(await track(session)).toBe(true);
    let statements = 0;
    const count = () => (statements += 1);
    t.database.pool.on('acquire', count);
    try {
      expect(await track(session)).toBe(true);
    } finally {
      t.database.pool.off('acquire', count);
    }
    expect(statements).toBe(0);
    // Ended as My account on another instance ends it: this instance is told at the commit.
    await t.database.db.update(accountSessions).set({ endedAt: new Date() }).where(eq(accountSessions.sessionId, 's-kept'));
    await t.app.changeNotices.caughtUp();
    expect(await track(session)).toBe(false);
  });

  it('forgets sessions older than the longest a session lives when a new one starts', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const track = accountSessionTracker(t.database.db, t.app.changeNotices, () => now);
    await track({ sessionId: 's-old', username: 'lena@alpha', registrarHandle: 'alpha', request: request('x') });
    now = new Date('2026-01-01T11:00:00Z');
    await track({ sessionId: 's-new', username: 'lena@alpha', registrarHandle: 'alpha', request: request('x') });
    expect(await rowOf('s-old')).toBeUndefined();
    expect(await rowOf('s-new')).toBeDefined();
  });
});
