import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, LoginAttempt, PanelRole } from '@registrar-panel/contract';
import { auditEvents, signInAttempts } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** A fixed point after every user's creation, so the order of the records is known. */
const base = Date.now() + 60_000;
const minutesAfter = (minutes: number) => new Date(base + minutes * 60_000);

async function addUser(username: string, roles: PanelRole[]) {
  await t.app.userDirectory.createUser({
    username,
    registrarHandle: username.split('@')[1] ?? '',
    name: username,
    email: `${username.replace('@', '.')}@mail.example`,
    roles,
  });
}

async function get(url: string, as = 'admin@alpha', roles: PanelRole[] = ['ADMIN']) {
  return t.app.inject({ url, headers: { authorization: `Bearer ${await t.tokenFor({ username: as, roles })}` } });
}

const activityOf = (username: string, query = '') => `/services/users/${encodeURIComponent(username)}/activity${query}`;
const attemptsOf = (username: string, query = '') => `/services/users/${encodeURIComponent(username)}/loginAttempts${query}`;

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createRegistrar(t.database.db, { handle: 'beta' });
  await addUser('admin@alpha', ['ADMIN']);
  await addUser('worker@alpha', ['SUPPORT', 'TECH']);
  await addUser('quiet@alpha', ['FINANCE']);
  await addUser('worker@beta', ['SUPPORT']);
  const db = t.database.db;
  await db.insert(signInAttempts).values([
    // Before the user existed: someone tried the name; not this user's activity.
    { username: 'worker@alpha', at: new Date('2020-01-01T10:00:00Z'), ip: '198.51.100.1', outcome: 'success' },
    { username: 'worker@alpha', at: minutesAfter(1), ip: '192.0.2.10', outcome: 'success' },
    { username: 'worker@alpha', at: minutesAfter(3), ip: '192.0.2.11', outcome: 'wrongPassword' },
    { username: 'worker@alpha', at: minutesAfter(5), ip: '2001:db8::5', outcome: 'success' },
    { username: 'worker@beta', at: minutesAfter(9), ip: '203.0.113.9', outcome: 'success' },
  ]);
  await db.insert(auditEvents).values([
    { registrarHandle: 'alpha', username: 'worker@alpha', at: minutesAfter(2), ip: '192.0.2.10', action: 'registrar.publicContact.update', details: {} },
    { registrarHandle: 'alpha', username: 'worker@alpha', at: minutesAfter(4), ip: null, action: 'epp.ipAddresses.update', details: {} },
    { registrarHandle: 'alpha', username: 'worker@alpha', at: minutesAfter(6), ip: '192.0.2.12', action: 'registrar.techContact.update', details: {} },
    { registrarHandle: 'beta', username: 'worker@beta', at: minutesAfter(8), ip: '203.0.113.9', action: 'registrar.techContact.update', details: {} },
  ]);
});
afterAll(async () => t?.close());

describe('GET /services/users/{username}/activity', () => {
  it('merges sign-ins and audited changes, newest first, the 5 latest by default', async () => {
    const res = await get(activityOf('worker@alpha'));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { results: ActivityEntry[] } }>().data.results).toEqual([
      { timestamp: minutesAfter(6).toISOString(), status: 'registrar.techContact.update', ip: '192.0.2.12' },
      { timestamp: minutesAfter(5).toISOString(), status: 'signIn.success', ip: '2001:db8::5' },
      { timestamp: minutesAfter(4).toISOString(), status: 'epp.ipAddresses.update' },
      { timestamp: minutesAfter(3).toISOString(), status: 'signIn.wrongPassword', ip: '192.0.2.11' },
      { timestamp: minutesAfter(2).toISOString(), status: 'registrar.publicContact.update', ip: '192.0.2.10' },
    ]);
  });

  it('honours size, never returns what happened before the user existed, and caps size at 50', async () => {
    const two = await get(activityOf('worker@alpha', '?size=2'));
    expect(two.json<{ data: { results: ActivityEntry[] } }>().data.results.map((entry) => entry.status)).toEqual([
      'registrar.techContact.update',
      'signIn.success',
    ]);
    const all = await get(activityOf('worker@alpha', '?size=1000'));
    expect(all.statusCode).toBe(200);
    const results = all.json<{ data: { results: ActivityEntry[] } }>().data.results;
    expect(results).toHaveLength(6);
    expect(results.map((entry) => entry.ip)).not.toContain('198.51.100.1');
  });

  it('caps a large size at 50 entries', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ username: 'quiet@alpha', at: minutesAfter(10 + i), ip: '192.0.2.50', outcome: 'success' }));
    await t.database.db.insert(signInAttempts).values(rows);
    const res = await get(activityOf('quiet@alpha', '?size=999'));
    const results = res.json<{ data: { results: ActivityEntry[] } }>().data.results;
    expect(results).toHaveLength(50);
    expect(results[0]?.timestamp).toBe(minutesAfter(69).toISOString());
  });

  it('answers an empty list for a user who did nothing yet', async () => {
    await addUser('fresh@alpha', ['SUPPORT']);
    const res = await get(activityOf('fresh@alpha'));
    expect(res.json()).toEqual({ data: { results: [] }, messages: [] });
  });

  it.each(['0', '-1', 'abc', '2.5'])('refuses size=%s with 400', async (size) => {
    const res = await get(activityOf('worker@alpha', `?size=${size}`));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null, messages: [{ field: 'size', messageKey: 'error.badRequest' }] });
  });

  it("answers 404 for another registrar's user, whose activity stays hidden", async () => {
    const res = await get(activityOf('worker@beta'));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('203.0.113.9');
    expect((await get(activityOf('nobody@alpha'))).statusCode).toBe(404);
  });
});

describe('GET /services/users/{username}/loginAttempts', () => {
  it('answers the latest sign-in attempt by default, and more with size', async () => {
    const latest = await get(attemptsOf('worker@alpha'));
    expect(latest.json()).toEqual({
      data: { results: [{ timestamp: minutesAfter(5).toISOString(), status: 'signIn.success', ip: '2001:db8::5' }] },
      messages: [],
    });
    const three = await get(attemptsOf('worker@alpha', '?size=3'));
    expect(three.json<{ data: { results: LoginAttempt[] } }>().data.results.map((attempt) => attempt.timestamp)).toEqual([
      minutesAfter(5).toISOString(),
      minutesAfter(3).toISOString(),
      minutesAfter(1).toISOString(),
    ]);
  });

  it('answers an empty list for a user who never signed in', async () => {
    await addUser('never@alpha', ['TECH']);
    expect((await get(attemptsOf('never@alpha'))).json()).toEqual({ data: { results: [] }, messages: [] });
  });

  it("answers 404 for another registrar's user", async () => {
    const res = await get(attemptsOf('worker@beta'));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('203.0.113.9');
  });
});
