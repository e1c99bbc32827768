import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { personalDataReadAction, type HistoryEntry, type HistoryResponse, type PanelRole, type PersonalDataHistoryEntry } from '@registrar-panel/contract';
import { apiRoutes, routeKey } from '@registrar-panel/contract/api';
import { defaultRetention } from '../../config';
import { ensureMonthlyPartitions } from '../../db/monthly-partitions';
import { personalDataReads } from '../../db/schema';
import { maintainPartitions } from '../../jobs/retention';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createKey, withKey } from '../api-keys/api-keys.test-support';
import { createContact, createDomain } from '../registrations/registrations.test-support';
import { personalDataLog } from './personal-data-log';

/*
 * The personal-data log through the API: the routes marked `personalData` in the route table leave
 * one entry per answer (who, when, from where, the route and its parameters, the rows, the handles),
 * which only the registrar's ADMIN users see in the history, and which never becomes an event.
 */

let t: TestApp;
const as = (username: string, roles: PanelRole[]) => ({ username, roles });
const admin = as('admin@alpha', ['ADMIN']);
const support = as('support@alpha', ['SUPPORT']);
const tech = as('tech@alpha', ['TECH']);
const finance = as('finance@alpha', ['FINANCE']);
const betaAdmin = as('admin@beta', ['ADMIN']);

async function history(query: Record<string, string>, caller = admin): Promise<HistoryResponse> {
  const res = await call(t, { url: '/services/registrar/history', query, as: caller });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<{ data: HistoryResponse }>().data;
}

const personalEntries = (entries: HistoryEntry[]) => entries.filter((entry): entry is PersonalDataHistoryEntry => entry.action === personalDataReadAction);

async function logged(caller = admin): Promise<PersonalDataHistoryEntry[]> {
  return personalEntries((await history({ kind: 'personalData' }, caller)).entries);
}

async function clearLog() {
  await t.app.personalDataLog?.flush();
  await t.database.db.delete(personalDataReads);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const handle of ['alpha', 'beta']) {
    await createRegistrar(t.database.db, { handle });
    const upper = handle.toUpperCase();
    await createContact(t.database.db, { handle: `${upper}-R1`, registrarHandle: handle, name: 'Jan Peeters', email: 'jan@example.be' });
    await createContact(t.database.db, { handle: `${upper}-T1`, registrarHandle: handle });
    await createDomain(t.database.db, {
      uLabel: `${handle}-shop.be`,
      registrarHandle: handle,
      registrantHandle: `${upper}-R1`,
      contacts: [
        { role: 'TECH', handle: `${upper}-T1` },
        { role: 'ADMIN', handle: `${upper}-R1` },
      ],
    });
    await createDomain(t.database.db, { uLabel: `${handle}-bakery.be`, registrarHandle: handle, registrantHandle: `${upper}-R1` });
  }
});
afterAll(async () => t?.close());

describe('the routes marked personalData', () => {
  it('are the search, one registration, one contact and the portfolio on a date (docs/decisions.md)', () => {
    expect(apiRoutes.filter((route) => route.personalData).map(routeKey)).toEqual([
      'GET /domains/search',
      'GET /domains/:domainName',
      'GET /contacts/:handle',
      'GET /domains/history/portfolio',
    ]);
  });

  it('leave one entry per answer: who, from where, the route, its parameters, the rows and the handles', async () => {
    await clearLog();
    const from = '198.51.100.7';
    expect(
      (await call(t, { url: '/services/domains/search', query: { ulabel: 'alpha-*', page: '0', size: '10' }, as: tech, remoteAddress: from })).statusCode,
    ).toBe(200);
    expect((await call(t, { url: '/services/domains/alpha-shop.be', as: support, remoteAddress: from })).statusCode).toBe(200);
    expect((await call(t, { url: '/services/contacts/ALPHA-R1', as: admin, remoteAddress: from })).statusCode).toBe(200);

    const entries = await logged();
    expect(entries.map(({ username, ip, details }) => ({ username, ip, details }))).toEqual([
      {
        username: 'admin@alpha',
        ip: from,
        details: { operation: 'getContact', route: 'GET /contacts/:handle', params: { handle: 'ALPHA-R1' }, rows: 1, handles: ['ALPHA-R1'] },
      },
      {
        username: 'support@alpha',
        ip: from,
        details: {
          operation: 'getRegistration',
          route: 'GET /domains/:domainName',
          params: { domainName: 'alpha-shop.be' },
          rows: 1,
          handles: ['ALPHA-R1', 'ALPHA-T1'],
        },
      },
      {
        username: 'tech@alpha',
        ip: from,
        details: {
          operation: 'searchRegistrations',
          route: 'GET /domains/search',
          params: expect.objectContaining({ ulabel: 'alpha-*', page: 0, size: 10 }),
          rows: 2,
        },
      },
    ]);
    // Times are the requests' own, newest first.
    const times = entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Date.now() - (times[2] ?? 0)).toBeLessThan(10 * 60_000);
  });

  it('leave an entry for an API key, under its name', async () => {
    await clearLog();
    const { secret } = await createKey(t, { name: 'Nightly sync', scopes: ['registrations'] });
    expect((await withKey(t, secret, '/services/contacts/ALPHA-T1')).statusCode).toBe(200);
    const [entry] = await logged();
    expect(entry?.username).toMatch(/Nightly sync/);
    expect(entry?.details.handles).toEqual(['ALPHA-T1']);
  });

  it('leave nothing for a refused call or another registrar’s contact (404): no personal data was answered', async () => {
    await clearLog();
    expect((await call(t, { url: '/services/contacts/BETA-R1', as: admin })).statusCode).toBe(404);
    expect((await call(t, { url: '/services/domains/beta-shop.be', as: admin })).statusCode).toBe(404);
    expect((await call(t, { url: '/services/contacts/ALPHA-R1', as: finance })).statusCode).toBe(403);
    expect((await call(t, { url: '/services/contacts/ALPHA-R1' })).statusCode).toBe(401);
    expect(await logged()).toEqual([]);
  });

  it('lose no entry under parallel requests', async () => {
    await clearLog();
    const answers = await Promise.all(Array.from({ length: 60 }, () => call(t, { url: '/services/contacts/ALPHA-R1', as: tech })));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    expect((await history({ kind: 'personalData' })).total).toBe(60);
  });
});

describe('the personal-data log in the history', () => {
  beforeAll(async () => {
    await clearLog();
    await call(t, { url: '/services/contacts/ALPHA-R1', as: tech });
    await call(t, { url: '/services/contacts/BETA-R1', as: betaAdmin });
  });

  it('is among every entry of an ADMIN’s history, and its own kind', async () => {
    expect(personalEntries((await history({}, admin)).entries)).toHaveLength(1);
    expect((await history({ kind: 'personalData', user: 'tech' })).total).toBe(1);
    expect((await history({ kind: 'personalData', user: 'support' })).total).toBe(0);
  });

  it('is never shown to SUPPORT, whose history keeps its other entries, and a SUPPORT asking for it is refused', async () => {
    const all = await history({}, support);
    expect(personalEntries(all.entries)).toEqual([]);
    const res = await call(t, { url: '/services/registrar/history', query: { kind: 'personalData' }, as: support });
    expect(res.statusCode).toBe(403);
    expect(messagesOf(res).map((m) => m.messageKey)).toEqual(['error.forbidden']);
    const csv = await call(t, { url: '/services/registrar/history/csv', as: support });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(personalDataReadAction);
    expect((await call(t, { url: '/services/registrar/history/csv', query: { kind: 'personalData' }, as: support })).statusCode).toBe(403);
  });

  it('is refused to TECH and FINANCE as the whole history is', async () => {
    for (const caller of [tech, finance])
      expect((await call(t, { url: '/services/registrar/history', query: { kind: 'personalData' }, as: caller })).statusCode).toBe(403);
  });

  it('holds only the caller’s registrar’s reads: another registrar’s ADMIN sees only its own', async () => {
    const beta = await logged(betaAdmin);
    expect(beta.map((entry) => [entry.username, entry.details.handles])).toEqual([['admin@beta', ['BETA-R1']]]);
    expect((await logged(admin)).map((entry) => entry.username)).toEqual(['tech@alpha']);
    // Naming another registrar's user finds nothing.
    expect((await history({ kind: 'personalData', user: 'admin@beta' })).total).toBe(0);
  });

  it('is in an ADMIN’s CSV with its details', async () => {
    const res = await call(t, { url: '/services/registrar/history/csv', query: { kind: 'personalData' }, as: admin });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('tech@alpha,personalData.read,');
    expect(lines[1]).toContain('""route"":""GET /contacts/:handle""');
    expect(lines[1]).toContain('""handles"":[""ALPHA-R1""]');
  });

  it('never becomes an event of the stream or a webhook delivery', async () => {
    const counted = async () =>
      (await t.database.db.execute<{ n: string }>(sql`SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM webhook_attempts) AS n`)).rows[0]?.n;
    const before = await counted();
    await call(t, { url: '/services/contacts/ALPHA-R1', as: admin });
    await call(t, { url: '/services/domains/search', query: { ulabel: '*' }, as: admin });
    await t.app.personalDataLog?.flush();
    expect(await counted()).toBe(before);
    const stream = await call(t, { url: '/services/events', query: { after: '0' }, as: admin });
    expect(stream.body).not.toContain('personalData');
  });
});

describe('the writer', () => {
  const read = (operation: string) => ({ at: new Date(), registrarHandle: 'alpha', username: 'admin@alpha', ip: '192.0.2.9', operation, params: {}, rows: 1 });
  const stored = async (operation: string) =>
    (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM personal_data_reads WHERE operation = ${operation}`)).rows[0]?.n;

  it('writes on its own, once a batch is full or its delay has passed, without a flush', async () => {
    const writer = personalDataLog(t.database.db, t.app.log, { delayMs: 50, maxBatch: 3, maxHeld: 100 });
    for (let i = 0; i < 3; i++) writer.record(read('fullBatch'));
    writer.record(read('delayed'));
    await expect.poll(() => stored('fullBatch'), { timeout: 30_000 }).toBe(3);
    await expect.poll(() => stored('delayed'), { timeout: 30_000 }).toBe(1);
  });

  it('keeps the reads it could not write and writes them with the next attempt', async () => {
    const writer = personalDataLog(t.database.db, t.app.log, { delayMs: 60_000, maxBatch: 100, maxHeld: 100 });
    await t.database.db.execute(sql`ALTER TABLE personal_data_reads RENAME TO personal_data_reads_away`);
    try {
      writer.record(read('kept'));
      writer.record(read('kept'));
      await writer.flush();
    } finally {
      await t.database.db.execute(sql`ALTER TABLE personal_data_reads_away RENAME TO personal_data_reads`);
    }
    expect(await stored('kept')).toBe(0);
    await writer.flush();
    expect(await stored('kept')).toBe(2);
  });
});

describe('retention', () => {
  it('drops the log’s months once two years (by default) have passed them, and makes the coming months', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const partitions = async () =>
      (
        await t.database.db.execute<{ name: string }>(
          sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'personal_data_reads'::regclass ORDER BY 1`,
        )
      ).rows.map((row) => row.name);
    await ensureMonthlyPartitions(t.database.db, 'personal_data_reads', new Date('2024-10-01T00:00:00Z'), new Date('2024-11-30T00:00:00Z'));
    const read = (at: string) => ({
      at: new Date(at),
      registrarHandle: 'alpha',
      username: 'admin@alpha',
      ip: '192.0.2.1',
      operation: 'getContact',
      params: {},
      rows: 1,
    });
    await t.database.db.insert(personalDataReads).values([read('2024-10-20T10:00:00Z'), read('2024-11-25T10:00:00Z')]);

    const dropped = await maintainPartitions(t.database.db, defaultRetention, now);

    // 730 days before 23 November 2026 is 23 November 2024: October 2024 is wholly past, November not.
    expect(defaultRetention.personalDataDays).toBe(730);
    expect(dropped.personal_data_reads).toEqual(['personal_data_reads_p202410']);
    expect(await partitions()).toContain('personal_data_reads_p202411');
    expect(await partitions()).toContain('personal_data_reads_p202701');
  });
});

describe('PERSONAL_DATA_LOG=false', () => {
  it('records nothing (for measurements only)', async () => {
    const off = await createTestApp({ personalDataLog: false });
    try {
      await createRegistrar(off.database.db, { handle: 'alpha' });
      await createContact(off.database.db, { handle: 'ALPHA-R1', registrarHandle: 'alpha' });
      expect((await call(off, { url: '/services/contacts/ALPHA-R1', as: admin })).statusCode).toBe(200);
      expect(off.app.personalDataLog).toBeNull();
      expect((await off.database.db.select().from(personalDataReads)).length).toBe(0);
    } finally {
      await off.close();
    }
  });
});
