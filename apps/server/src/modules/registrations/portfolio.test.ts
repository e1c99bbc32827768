import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brusselsDay,
  gracePeriodFilterValues,
  lifecycleOrder,
  recordCountHeader,
  registrationLabels,
  type DomainSearchResponse,
  type PortfolioOverview,
} from '@registrar-panel/contract';
import { eq } from 'drizzle-orm';
import { auditEvents, domainStatuses } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { messagesOf } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createContact, createDomain, get, type Caller } from './registrations.test-support';

/*
 * The portfolio overview, the search's filters and its CSV export, through the whole
 * stack on a real database. Every count of the overview links to a filtered search, so each is
 * checked against what that search answers.
 */

let t: TestApp;
const alpha: Caller = { username: 'support@alpha', roles: ['SUPPORT'] };
const beta: Caller = { username: 'support@beta', roles: ['SUPPORT'] };
const day = 86_400_000;
const now = Date.now();
const inDays = (n: number) => new Date(now + n * day);
const guard = ['serverTransferProhibited', 'serverUpdateProhibited', 'serverDeleteProhibited'].map((status) => ({ status }));
/** The handle a spreadsheet would run as a formula, with a comma and quotes to escape. */
const formulaHandle = '=cmd,"x"';
/** A year end in the next twelve months: 23:30 UTC on 31 December is already January in Brussels. */
const yearEnd = (() => {
  const today = brusselsDay();
  const year = Number(today.slice(0, 4));
  return new Date(Date.UTC(today.slice(5) === '12-31' ? year + 1 : year, 11, 31, 23, 30));
})();
const bulk = Array.from({ length: 130 }, (_, i) => `bulk-${String(i).padStart(3, '0')}.be`);

beforeAll(async () => {
  t = await createTestApp({ tld: 'be' });
  const db = t.database.db;
  await createRegistrar(db, { handle: 'alpha' });
  await createRegistrar(db, { handle: 'beta' });
  await createContact(db, { handle: 'c100', registrarHandle: 'alpha' });
  await createContact(db, { handle: formulaHandle, registrarHandle: 'alpha' });
  await createContact(db, { handle: 'c200', registrarHandle: 'beta' });
  const alphaDomain = (uLabel: string, spec: Omit<Parameters<typeof createDomain>[1], 'uLabel' | 'registrarHandle'> = {}) =>
    createDomain(db, { uLabel, registrarHandle: 'alpha', expiresAt: inDays(200), ...spec });
  await alphaDomain('plain.be', { expiresAt: inDays(10) });
  await alphaDomain('guarded.be', { statuses: [{ status: 'ok' }, ...guard], rgpStatus: 'RENEW_PERIOD', expiresAt: inDays(45) });
  await alphaDomain('locked.be', { statuses: [{ status: 'ok' }, { status: 'clientTransferProhibited' }], rgpStatus: 'ADD_PERIOD', registrantHandle: 'c100' });
  await alphaDomain('held.be', { statuses: [{ status: 'ok' }, { status: 'clientHold' }], expiresAt: inDays(75) });
  await alphaDomain('café.be', { aLabel: 'xn--caf-dma.be' });
  await alphaDomain('redeem.be', { statuses: [{ status: 'redemption' }], rgpStatus: 'REDEMPTION_PERIOD', expiresAt: inDays(-5) });
  await alphaDomain('suspended.be', { statuses: [{ status: 'ok' }, { status: 'ursSuspended' }, { status: 'clientRenewProhibited' }], expiresAt: null });
  await alphaDomain('formula.be', { registrantHandle: formulaHandle, expiresAt: yearEnd });
  for (const [i, uLabel] of bulk.entries()) {
    await alphaDomain(uLabel, {
      statuses: [{ status: 'ok' }, { status: 'clientTransferProhibited' }],
      expiresAt: inDays(20 + i * 2),
      registrantHandle: 'c100',
    });
  }
  // Another registrar's registrations hold every facet too, and are never counted, found or exported.
  for (const uLabel of ['guarded-beta.be', 'bulk-beta.be', 'café-beta.be']) {
    await createDomain(db, {
      uLabel,
      aLabel: uLabel.startsWith('café') ? 'xn--caf-beta-i1a.be' : uLabel,
      registrarHandle: 'beta',
      registrantHandle: 'c200',
      statuses: [{ status: 'ok' }, { status: 'clientTransferProhibited' }, { status: 'clientHold' }, ...guard],
      rgpStatus: 'ADD_PERIOD',
      expiresAt: inDays(15),
    });
  }
});
afterAll(async () => t.close());

async function search(query: string, as = alpha) {
  const res = await get(t, `/services/domains/search?${query}`, as);
  return { res, body: res.json<{ data: DomainSearchResponse }>().data };
}

async function names(query: string, as = alpha): Promise<string[]> {
  const { res, body } = await search(`${query}&size=100`, as);
  expect(res.statusCode).toBe(200);
  return body.results.map((r) => r.uLabel);
}

async function total(query: string, as = alpha): Promise<number> {
  const { res, body } = await search(`${query}&size=1`, as);
  expect(res.statusCode).toBe(200);
  return body.totalResults;
}

async function overview(as = alpha): Promise<PortfolioOverview> {
  const res = await get(t, '/services/domains/overview', as);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { overview: PortfolioOverview } }>().data.overview;
}

describe('GET /services/domains/search with filters', () => {
  it.each([
    ['ulabel=*&status=inactive', ['held.be']],
    ['ulabel=*&status=redemption', ['redeem.be']],
    ['ulabel=*&label=DOMAINGUARD', ['guarded.be']],
    ['ulabel=*&label=INACTIVE', ['held.be']],
    ['ulabel=*&label=URS_SUSPENDED', ['suspended.be']],
    // ursSuspended hides the renew lock.
    ['ulabel=*&label=RENEW_LOCK', []],
    ['ulabel=*&rgp=RENEW_PERIOD', ['guarded.be']],
    ['ulabel=*&rgp=REDEMPTION_PERIOD', ['redeem.be']],
    ['ulabel=*&idn=true', ['café.be']],
    ['ulabel=*&registrant=c100', ['bulk-000.be', 'bulk-001.be', 'bulk-002.be']],
    [`ulabel=*&registrant=${encodeURIComponent(formulaHandle)}`, ['formula.be']],
    [`ulabel=*&expiresFrom=${brusselsDay(inDays(-10))}&expiresTo=${brusselsDay(inDays(12))}`, ['plain.be', 'redeem.be']],
    [`ulabel=*&expiresTo=${brusselsDay(inDays(12))}`, ['plain.be', 'redeem.be']],
    ['ulabel=lock*&label=TRANSFER_LOCK', ['locked.be']],
    ['ulabel=*ock*&label=TRANSFER_LOCK', ['locked.be']],
    ['ulabel=locked.be&label=TRANSFER_LOCK', ['locked.be']],
    ['ulabel=locked.be&label=DOMAINGUARD', []],
    ['ulabel=xn--*&idn=true', ['café.be']],
    ['ulabel=*&label=TRANSFER_LOCK&rgp=ADD_PERIOD', ['locked.be']],
    ['ulabel=*&status=ok&label=TRANSFER_LOCK&registrant=c100&rgp=NONE&expiresTo=' + brusselsDay(inDays(24)), ['bulk-000.be', 'bulk-001.be', 'bulk-002.be']],
  ])('%s finds %j, only among the caller’s registrations', async (query, expected) => {
    const found = await names(query);
    expect(found.slice(0, 3)).toEqual(expected.slice(0, 3));
    if (expected.length < 3) expect(found).toEqual(expected);
  });

  it('combines the filters with AND and counts every match, not only the page', async () => {
    expect(await total('ulabel=*&label=TRANSFER_LOCK')).toBe(131);
    expect(await total('ulabel=bulk*&label=TRANSFER_LOCK&registrant=c100')).toBe(130);
    expect(await total('ulabel=*&label=TRANSFER_LOCK&registrant=c100&expiresTo=' + brusselsDay(inDays(24)))).toBe(3);
    expect(await total('ulabel=*&label=TRANSFER_LOCK&status=inactive')).toBe(0);
  });

  it('without filters is the name search as before', async () => {
    expect(await total('ulabel=*')).toBe(138);
    expect(await names('ulabel=*ock*')).toEqual(['locked.be']);
  });

  it('pages a filtered search from a checkpoint: a matching registration gained later stays out', async () => {
    const first = await search('ulabel=*&label=TRANSFER_LOCK&page=0&size=50');
    expect(first.body.totalResults).toBe(131);
    await createDomain(t.database.db, {
      uLabel: 'aaa-new.be',
      registrarHandle: 'alpha',
      statuses: [{ status: 'ok' }, { status: 'clientTransferProhibited' }],
      createdAt: new Date(Date.now() + 1000),
    });
    const pages = [first.body];
    for (const page of [1, 2]) {
      pages.push((await search(`ulabel=*&label=TRANSFER_LOCK&page=${page}&size=50&checkpoint=${encodeURIComponent(first.body.checkpoint)}`)).body);
    }
    expect(pages.map((p) => p.totalResults)).toEqual([131, 131, 131]);
    expect(pages.flatMap((p) => p.results.map((r) => r.uLabel))).toEqual([...bulk, 'locked.be']);
    expect(await total('ulabel=*&label=TRANSFER_LOCK')).toBe(132);
    await t.database.pool.query(`DELETE FROM domains WHERE u_label = 'aaa-new.be'`);
  });

  it.each([
    ['status=gone', 'status', 'search.filter.invalid'],
    ['label=LOCKED', 'label', 'search.filter.invalid'],
    ['rgp=GRACE', 'rgp', 'search.filter.invalid'],
    ['idn=yes', 'idn', 'search.filter.invalid'],
    ['expiresFrom=2026-13-01', 'expiresFrom', 'search.filter.date.invalid'],
    ['expiresTo=tomorrow', 'expiresTo', 'search.filter.date.invalid'],
    ['expiresFrom=2027-02-01&expiresTo=2027-01-01', 'expiresTo', 'search.filter.expiryRange'],
    [`registrant=${'x'.repeat(65)}`, 'registrant', 'validation.maxLength'],
    ['registrant=%20', 'registrant', 'search.filter.invalid'],
  ])('refuses %s with a message on %s', async (filter, field, messageKey) => {
    for (const path of ['/services/domains/search', '/services/domains/search/csv']) {
      const res = await get(t, `${path}?ulabel=*&${filter}`, alpha);
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual([expect.objectContaining({ messageKey, field })]);
    }
  });
});

describe('GET /services/domains/overview', () => {
  it('counts the caller’s registrations, each count equal to the total of its filtered search', async () => {
    const o = await overview();
    expect(o.total).toBe(138);
    expect(o.total).toBe(await total('ulabel=*'));
    expect(o).toMatchObject({
      byLifecycle: { ok: 136, inactive: 1, redemption: 1, available: 0 },
      byLabel: { DOMAINGUARD: 1, TRANSFER_LOCK: 131, INACTIVE: 1, URS_SUSPENDED: 1, RENEW_LOCK: 0 },
      byGracePeriod: { RENEW_PERIOD: 1, ADD_PERIOD: 1, REDEMPTION_PERIOD: 1, NONE: 135 },
      idn: 1,
    });
    for (const status of lifecycleOrder) expect([status, await total(`ulabel=*&status=${status}`)]).toEqual([status, o.byLifecycle[status]]);
    for (const label of registrationLabels) expect([label, await total(`ulabel=*&label=${label}`)]).toEqual([label, o.byLabel[label]]);
    for (const rgp of gracePeriodFilterValues) expect([rgp, await total(`ulabel=*&rgp=${rgp}`)]).toEqual([rgp, o.byGracePeriod[rgp]]);
    expect(await total('ulabel=*&idn=true')).toBe(o.idn);
  });

  it('forecasts twelve Brussels months from this one and the next 30, 60 and 90 days, each equal to its search', async () => {
    const o = await overview();
    const today = brusselsDay();
    expect(o.forecast).toHaveLength(12);
    expect(o.forecast[0]!.month).toBe(today.slice(0, 7));
    expect(o.expiringSoon.map((e) => [e.days, e.from])).toEqual([
      [30, today],
      [60, today],
      [90, today],
    ]);
    for (const entry of o.expiringSoon) {
      expect(await total(`ulabel=*&expiresFrom=${entry.from}&expiresTo=${entry.until}`)).toBe(entry.expiring);
    }
    // plain.be (10 days) and bulk-000 to bulk-005 (20 to 30 days, both ends included); expired ones never.
    expect(o.expiringSoon[0]!.expiring).toBe(7);
    for (const [i, entry] of o.forecast.entries()) {
      const from = i === 0 ? today : `${entry.month}-01`;
      const [year, month] = entry.month.split('-').map(Number);
      const until = new Date(Date.UTC(year!, month, 0)).toISOString().slice(0, 10);
      expect([entry.month, await total(`ulabel=*&expiresFrom=${from}&expiresTo=${until}`)]).toEqual([entry.month, entry.expiring]);
    }
    expect(o.forecast.reduce((sum, e) => sum + e.expiring, 0)).toBe(await total(`ulabel=*&expiresFrom=${today}&expiresTo=${o.forecast[11]!.month}-31`));
  });

  it('puts a registration expiring at 23:30 UTC on 31 December in January, as Brussels sees it', async () => {
    const o = await overview();
    const january = `${yearEnd.getUTCFullYear() + 1}-01`;
    const december = `${yearEnd.getUTCFullYear()}-12`;
    expect(await names(`ulabel=formula.be&expiresFrom=${january}-01&expiresTo=${january}-01`)).toEqual(['formula.be']);
    expect(await names(`ulabel=formula.be&expiresFrom=${december}-01&expiresTo=${december}-31`)).toEqual([]);
    const entry = (month: string) => o.forecast.find((e) => e.month === month)?.expiring ?? 0;
    expect(entry(january)).toBe(await total(`ulabel=*&expiresFrom=${january}-01&expiresTo=${january}-31`));
    expect(entry(january)).toBeGreaterThanOrEqual(1);
  });

  it('follows changes of the statuses, and counts another registrar only its own', async () => {
    const before = await overview();
    const [held] = await t.database.pool.query<{ id: string }>(`SELECT id FROM domains WHERE u_label = 'held.be'`).then((r) => r.rows);
    await t.database.db.delete(domainStatuses).where(eq(domainStatuses.domainId, Number(held!.id)));
    await t.database.db.insert(domainStatuses).values({ domainId: Number(held!.id), status: 'pendingDelete' });
    const after = await overview();
    expect([after.byLifecycle.inactive, after.byLifecycle.pendingDelete, after.byLabel.INACTIVE]).toEqual([
      before.byLifecycle.inactive - 1,
      before.byLifecycle.pendingDelete + 1,
      before.byLabel.INACTIVE - 1,
    ]);
    await t.database.db.delete(domainStatuses).where(eq(domainStatuses.domainId, Number(held!.id)));
    await t.database.db.insert(domainStatuses).values([
      { domainId: Number(held!.id), status: 'ok' },
      { domainId: Number(held!.id), status: 'clientHold' },
    ]);
    expect(await overview()).toEqual({ ...before, asOf: expect.any(String) });

    const b = await overview(beta);
    expect(b).toMatchObject({
      total: 3,
      idn: 1,
      byLifecycle: { inactive: 3 },
      byLabel: { DOMAINGUARD: 3, TRANSFER_LOCK: 3 },
      byGracePeriod: { ADD_PERIOD: 3 },
    });
    expect(b.expiringSoon[0]!.expiring).toBe(3);
  });
});

describe('GET /services/domains/search/csv', () => {
  it('streams every match with the record count up front, in the domain report’s columns and CSV rules', async () => {
    const res = await get(t, '/services/domains/search/csv?ulabel=*&label=TRANSFER_LOCK', alpha);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="registrations_alpha_\d{8}-\d{6}\.csv"$/);
    expect(res.headers[recordCountHeader]).toBe('131');
    const records = res.body.split('\r\n');
    expect(records[0]).toBe('Domain name,A-label,Registrant,Created,Expiry date');
    expect(records).toHaveLength(1 + 131 + 1);
    expect(records.at(-1)).toBe('');
    expect(records.slice(1, -1).map((r) => r.split(',')[0])).toEqual([...bulk, 'locked.be']);
    expect(records[1]).toMatch(/^bulk-000\.be,bulk-000\.be,c100,2021-05-04T10:15:00\+02:00,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
  });

  it('neutralises formulas and escapes commas and quotes; an empty expiry stays empty', async () => {
    const formula = await get(t, `/services/domains/search/csv?ulabel=formula.be`, alpha);
    expect(formula.body.split('\r\n')[1]).toBe(
      `formula.be,formula.be,"'=cmd,""x""",2021-05-04T10:15:00+02:00,${yearEnd.getUTCFullYear() + 1}-01-01T00:30:00+01:00`,
    );
    const suspended = await get(t, `/services/domains/search/csv?ulabel=*&label=URS_SUSPENDED`, alpha);
    expect(suspended.body).toBe('Domain name,A-label,Registrant,Created,Expiry date\r\nsuspended.be,suspended.be,,2021-05-04T10:15:00+02:00,\r\n');
  });

  it('exports a name-only search as the search finds it, and never another registrar’s registrations', async () => {
    const res = await get(t, '/services/domains/search/csv?ulabel=*', alpha);
    expect(res.headers[recordCountHeader]).toBe('138');
    expect(res.body).not.toContain('beta');
    const other = await get(t, '/services/domains/search/csv?ulabel=*&label=DOMAINGUARD', beta);
    expect(
      other.body
        .split('\r\n')
        .slice(1, -1)
        .map((r) => r.split(',')[0]),
    ).toEqual(['bulk-beta.be', 'café-beta.be', 'guarded-beta.be']);
    // alpha's registrant handle means nothing to beta.
    expect((await get(t, '/services/domains/search/csv?ulabel=*&registrant=c100', beta)).headers[recordCountHeader]).toBe('0');
  });

  it('is recorded in the registrar’s history with what was searched and how many rows', async () => {
    await get(t, '/services/domains/search/csv?ulabel=bulk*&rgp=NONE', { username: 'tech@alpha', roles: ['TECH'] });
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.username, 'tech@alpha'));
    expect(event).toMatchObject({
      registrarHandle: 'alpha',
      action: 'download.searchExport',
      details: { ulabel: 'bulk*', filters: { rgp: 'NONE' }, rows: 130, fileName: expect.stringMatching(/^registrations_alpha_/) },
    });
  });
});

describe('GET /services/domains/overview/forecast/csv', () => {
  it('writes the twelve months and their counts, and records the download', async () => {
    const o = await overview();
    const res = await get(t, '/services/domains/overview/forecast/csv', { username: 'admin@alpha', roles: ['ADMIN'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="renewal_forecast_alpha_\d{8}-\d{6}\.csv"$/);
    expect(res.body).toBe(`Month,Expiring\r\n${o.forecast.map((e) => `${e.month},${e.expiring}\r\n`).join('')}`);
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.username, 'admin@alpha'));
    expect(event).toMatchObject({ action: 'download.forecast', details: { months: 12, fileName: expect.stringMatching(/^renewal_forecast_alpha_/) } });
  });
});

describe('who may read the portfolio', () => {
  it.each([
    '/services/domains/overview',
    '/services/domains/overview/forecast/csv',
    '/services/domains/search/csv?ulabel=*',
    '/services/domains/search?ulabel=*&idn=true',
  ])('%s needs a token and a role that may read registrations', async (url) => {
    expect((await get(t, url)).statusCode).toBe(401);
    const finance = await get(t, url, { username: 'finance@alpha', roles: ['FINANCE'] });
    expect(finance.statusCode).toBe(403);
    expect(messagesOf(finance)[0]?.messageKey).toBe('error.forbidden');
  });
});
