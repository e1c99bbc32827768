import { sql } from 'drizzle-orm';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PortfolioChangeCountsResponse,
  PortfolioChangesResponse,
  PortfolioOnDateCountResponse,
  PortfolioOnDateResponse,
  RegistrationTimelineResponse,
} from '@registrar-panel/contract';
import { auditEvents } from '../../db/schema';
import type { TokenClaims } from '../../identity/testing/access-tokens';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createContact, createDomain } from '../registrations/registrations.test-support';
import { transferVersion } from './registration-history.test-support';

/*
 * The registrations' past through the API: the portfolio on a date, the changes between two dates,
 * one registration's timeline; a registration transferred from alpha to beta on 10 March 2026 is in
 * alpha's past up to then and in beta's from then, never in both; another registrar's names are
 * never answered.
 */

let t: TestApp;
const alpha: TokenClaims = { username: 'ada@alpha', roles: ['TECH'] };
const beta: TokenClaims = { username: 'bob@beta', roles: ['SUPPORT'] };
const transferAt = new Date('2026-03-10T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ tld: 'be' });
  const { db } = t.database;
  for (const handle of ['alpha', 'beta']) await createRegistrar(db, { handle });
  await createContact(db, { handle: 'c100', registrarHandle: 'alpha' });
  await createContact(db, { handle: 'c200', registrarHandle: 'alpha', name: 'Marie Slager', email: 'marie@slager.example' });
  await createContact(db, { handle: 'b100', registrarHandle: 'beta' });
  await createDomain(db, { uLabel: 'bakker.be', registrarHandle: 'alpha', registrantHandle: 'c100' });
  await createDomain(db, { uLabel: 'slager.be', registrarHandle: 'alpha', registrantHandle: 'c200' });
  await createDomain(db, { uLabel: 'beta-shop.be', registrarHandle: 'beta', registrantHandle: 'b100' });
  const moving = await createDomain(db, { uLabel: 'verhuis.be', registrarHandle: 'alpha', registrantHandle: 'c100' });
  await transferVersion(db, moving, 'beta', transferAt);
});
afterAll(async () => t?.close());

const dataOf = <T>(res: LightMyRequestResponse) => res.json<{ data: T }>().data;
const keysOf = (res: LightMyRequestResponse) => res.json<{ messages: { messageKey: string }[] }>().messages.map((m) => m.messageKey);
const portfolio = (as: TokenClaims | undefined, query: Record<string, string>) =>
  call(t, { url: '/services/domains/history/portfolio', query, ...(as ? { as } : {}) });
const totalOn = async (as: TokenClaims, query: Record<string, string>) => {
  const res = await call(t, { url: '/services/domains/history/portfolio/count', query, as });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<PortfolioOnDateCountResponse>(res).total;
};
const namesOn = async (as: TokenClaims, at: string) => {
  const res = await portfolio(as, { at });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<PortfolioOnDateResponse>(res).registrations.map((r) => r.name);
};

describe('the portfolio on a date', () => {
  it('is what each registrar sponsored then: a registration transferred away is in the old registrar’s past up to the transfer and in the new one’s from it', async () => {
    expect(await namesOn(alpha, '2026-03-01')).toEqual(['bakker.be', 'slager.be', 'verhuis.be']);
    expect(await namesOn(beta, '2026-03-01')).toEqual(['beta-shop.be']);
    expect(await namesOn(alpha, '2026-03-20')).toEqual(['bakker.be', 'slager.be']);
    expect(await namesOn(beta, '2026-03-20')).toEqual(['beta-shop.be', 'verhuis.be']);
    // The instant of the transfer itself: the new registrar's from then on.
    expect(await namesOn(alpha, transferAt.toISOString())).toEqual(['bakker.be', 'slager.be']);
    expect(await namesOn(beta, new Date(transferAt.getTime() - 1).toISOString())).toEqual(['beta-shop.be']);
  });

  it('takes the search’s name pattern and filters, tested against the state then, for its pages and its count', async () => {
    const byRegistrant = dataOf<PortfolioOnDateResponse>(await portfolio(alpha, { at: '2026-03-01', registrant: 'c200' }));
    expect(byRegistrant.registrations.map((r) => r.name)).toEqual(['slager.be']);
    expect(await totalOn(alpha, { at: '2026-03-01', registrant: 'c200' })).toBe(1);
    const byName = dataOf<PortfolioOnDateResponse>(await portfolio(alpha, { at: '2026-03-01', ulabel: 'bak*' }));
    expect(byName.registrations.map((r) => r.name)).toEqual(['bakker.be']);
    expect(await totalOn(alpha, { at: '2026-03-01', ulabel: 'bak*' })).toBe(1);
    const byStatus = dataOf<PortfolioOnDateResponse>(await portfolio(alpha, { at: '2026-03-01', status: 'inactive' }));
    expect(byStatus.registrations).toEqual([]);
    expect(await totalOn(alpha, { at: '2026-03-01', status: 'inactive' })).toBe(0);
    // Each registrar counts its own: the transferred registration in alpha's before the transfer, in beta's after.
    expect([await totalOn(alpha, { at: '2026-03-01' }), await totalOn(beta, { at: '2026-03-01' })]).toEqual([3, 1]);
    expect([await totalOn(alpha, { at: '2026-03-20' }), await totalOn(beta, { at: '2026-03-20' })]).toEqual([2, 2]);
  });

  it('refuses to count before the past is known, as it refuses a page', async () => {
    const early = await call(t, { url: '/services/domains/history/portfolio/count', query: { at: '2019-01-01' }, as: alpha });
    expect(early.statusCode).toBe(400);
    expect(keysOf(early)).toEqual(['registrationHistory.beforeKnownPast']);
  });

  it('shows the registrant by its handle then, with today’s name and e-mail beside it', async () => {
    const data = dataOf<PortfolioOnDateResponse>(await portfolio(alpha, { at: '2026-03-01', registrant: 'c200' }));
    expect(data.registrations[0]).toMatchObject({
      state: { registrant: 'c200', registrar: 'alpha', statuses: ['ok'] },
      registrantToday: { name: 'Marie Slager', email: 'marie@slager.example' },
      validTo: null,
    });
  });

  it('refuses a date before the past is known with the date it is known from, never an empty portfolio', async () => {
    const res = await portfolio(alpha, { at: '2020-12-31' });
    expect(res.statusCode).toBe(400);
    expect(keysOf(res)).toEqual(['registrationHistory.beforeKnownPast']);
    // The factories' registrations were created on 4 May 2021: the past is known from then.
    expect(res.json<{ messages: { defaultMessage: string }[] }>().messages[0]!.defaultMessage).toContain('2021/05/04');
  });

  it('refuses a moment that is no date', async () => {
    for (const at of ['yesterday', '2026-02-30', '2026-03-01T10:00:00']) {
      const res = await portfolio(alpha, { at });
      expect(res.statusCode, at).toBe(400);
      expect(keysOf(res), at).toEqual(['registrationHistory.moment.invalid']);
    }
  });

  it('downloads as CSV in the domain report’s columns, the registrant then, recorded in the history', async () => {
    const res = await call(t, { url: '/services/domains/history/portfolio/csv', query: { at: '2026-03-01' }, as: alpha });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-record-count']).toBe('3');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Domain name,A-label,Registrant,Created,Expiry date');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      'bakker.be,bakker.be,c100',
      'slager.be,slager.be,c200',
      'verhuis.be,verhuis.be,c100',
    ]);
    const recorded = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.registrarHandle, 'alpha'), eq(auditEvents.action, 'download.portfolioOnDate')));
    expect(recorded).toHaveLength(1);
  });
});

describe('the changes between two dates', () => {
  const changes = (as: TokenClaims, query: Record<string, string>) => call(t, { url: '/services/domains/history/changes', query, as });
  const counts = async (as: TokenClaims, query: Record<string, string>) => {
    const res = await call(t, { url: '/services/domains/history/changes/counts', query, as });
    expect(res.statusCode, res.body).toBe(200);
    return dataOf<PortfolioChangeCountsResponse>(res).counts;
  };

  it('counts a transfer as removed (transferred away) for the old registrar and added (transferred in) for the new one', async () => {
    const period = { from: '2026-03-01', to: '2026-03-20' };
    expect(await counts(alpha, period)).toEqual({ added: 0, removed: 1, changed: 0 });
    const forAlpha = dataOf<PortfolioChangesResponse>(await changes(alpha, { ...period, kind: 'removed' }));
    expect(forAlpha.changes).toEqual([expect.objectContaining({ name: 'verhuis.be', kind: 'removed', cause: 'transferredAway', after: null })]);
    expect(forAlpha.changes[0]!.before).toMatchObject({ registrant: 'c100', statuses: ['ok'] });
    expect(dataOf<PortfolioChangesResponse>(await changes(alpha, { ...period, kind: 'added' })).changes).toEqual([]);
    expect(await counts(beta, period)).toEqual({ added: 1, removed: 0, changed: 0 });
    const forBeta = dataOf<PortfolioChangesResponse>(await changes(beta, { ...period, kind: 'added' }));
    expect(forBeta.changes).toEqual([expect.objectContaining({ name: 'verhuis.be', kind: 'added', cause: 'transferredIn', before: null })]);
    // Before the transfer, nothing changed for either.
    expect(await counts(alpha, { from: '2026-01-01', to: '2026-03-01' })).toEqual({ added: 0, removed: 0, changed: 0 });
  });

  it('refuses a period that ends before it starts, or starts before the past is known, for its pages and its counts', async () => {
    for (const url of ['/services/domains/history/changes', '/services/domains/history/changes/counts']) {
      const reversed = await call(t, { url, query: { from: '2026-03-20', to: '2026-03-01' }, as: alpha });
      expect(reversed.statusCode, url).toBe(400);
      expect(keysOf(reversed), url).toEqual(['registrationHistory.range.order']);
      const early = await call(t, { url, query: { from: '2019-01-01', to: '2026-03-01' }, as: alpha });
      expect(early.statusCode, url).toBe(400);
      expect(keysOf(early), url).toEqual(['registrationHistory.beforeKnownPast']);
    }
  });

  it('downloads as CSV, one line per addition or removal with its cause, recorded in the history', async () => {
    const res = await call(t, { url: '/services/domains/history/changes/csv', query: { from: '2026-03-01', to: '2026-03-20' }, as: beta });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-record-count']).toBe('1');
    expect(res.body.trim().split('\r\n')).toEqual(['Domain name,Kind,Cause,Field,Before,After', 'verhuis.be,added,transferredIn,,,']);
    const recorded = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.registrarHandle, 'beta'), eq(auditEvents.action, 'download.portfolioChanges')));
    expect(recorded).toHaveLength(1);
  });
});

describe('one registration’s timeline', () => {
  const timeline = (as: TokenClaims, name: string) => call(t, { url: `/services/domains/${encodeURIComponent(name)}/history`, as });

  it('holds only the versions the caller’s registrar sponsored', async () => {
    const forAlpha = dataOf<RegistrationTimelineResponse>(await timeline(alpha, 'verhuis.be'));
    expect(forAlpha.versions.map((v) => [v.state.registrar, v.validTo])).toEqual([['alpha', transferAt.toISOString()]]);
    const forBeta = dataOf<RegistrationTimelineResponse>(await timeline(beta, 'verhuis.be'));
    expect(forBeta.versions.map((v) => [v.state.registrar, v.validFrom, v.validTo])).toEqual([['beta', transferAt.toISOString(), null]]);
  });

  it('finds an internationalised name typed as its U-label in any case, as its A-label, or without the TLD', async () => {
    await createDomain(t.database.db, { uLabel: 'bäcker.be', aLabel: 'xn--bcker-gra.be', registrarHandle: 'alpha', registrantHandle: 'c100' });
    for (const typed of ['bäcker.be', 'BÄCKER.BE', 'xn--bcker-gra.be', 'bäcker']) {
      const res = await timeline(alpha, typed);
      expect(res.statusCode, typed).toBe(200);
      expect(dataOf<RegistrationTimelineResponse>(res).name, typed).toBe('bäcker.be');
    }
    expect((await timeline(beta, 'xn--bcker-gra.be')).statusCode).toBe(404);
  });

  it('answers 404 for another registrar’s registration, as for one that does not exist', async () => {
    for (const name of ['beta-shop.be', 'nergens.be', 'not a name']) {
      const res = await timeline(alpha, name);
      expect(res.statusCode, name).toBe(404);
      expect(keysOf(res)).toEqual(['error.notFound']);
      expect(res.body).not.toContain('b100');
    }
  });
});

describe('who may ask', () => {
  const urls = [
    '/services/domains/history/portfolio?at=2026-03-01',
    '/services/domains/history/portfolio/count?at=2026-03-01',
    '/services/domains/history/portfolio/csv?at=2026-03-01',
    '/services/domains/history/changes?from=2026-03-01&to=2026-03-20',
    '/services/domains/history/changes/counts?from=2026-03-01&to=2026-03-20',
    '/services/domains/history/changes/csv?from=2026-03-01&to=2026-03-20',
    '/services/domains/bakker.be/history',
  ];

  it('answers 401 without a token', async () => {
    for (const url of urls) expect((await call(t, { url })).statusCode, url).toBe(401);
  });

  it('answers 403 to a role that does not read registrations (FINANCE)', async () => {
    for (const url of urls) {
      const res = await call(t, { url, as: { username: 'fay@alpha', roles: ['FINANCE'] } });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('never answers another registrar’s registrations, whatever the filters name', async () => {
    const res = await portfolio(alpha, { at: '2026-03-20', registrant: 'b100' });
    expect(dataOf<PortfolioOnDateResponse>(res).registrations).toEqual([]);
    expect(await totalOn(alpha, { at: '2026-03-20', registrant: 'b100' })).toBe(0);
    const byName = await portfolio(alpha, { at: '2026-03-20', ulabel: 'beta-shop.be' });
    expect(dataOf<PortfolioOnDateResponse>(byName).registrations).toEqual([]);
  });
});

describe("the registrant's name and e-mail of today", () => {
  it('show only where the caller may see that contact today: not once it went, with its registration, to another registrar', async () => {
    const { db } = t.database;
    await createContact(db, { handle: 'c300', registrarHandle: 'alpha', name: 'Vera Verhuis', email: 'vera@kluis.example' });
    const kluis = await createDomain(db, {
      uLabel: 'kluis.be',
      registrarHandle: 'alpha',
      registrantHandle: 'c300',
      createdAt: new Date('2026-01-05T09:00:00Z'),
    });
    await transferVersion(db, kluis, 'beta', new Date('2026-05-05T10:00:00Z'));
    await db.execute(sql`UPDATE contacts SET registrar_handle = 'beta' WHERE handle = 'c300'`);
    const then = dataOf<PortfolioOnDateResponse>(await portfolio(alpha, { at: '2026-04-01', registrant: 'c300' }));
    expect(then.registrations).toEqual([
      expect.objectContaining({ name: 'kluis.be', state: expect.objectContaining({ registrant: 'c300' }), registrantToday: null }),
    ]);
    const now = dataOf<PortfolioOnDateResponse>(await portfolio(beta, { at: '2026-06-01', registrant: 'c300' }));
    expect(now.registrations).toEqual([expect.objectContaining({ name: 'kluis.be', registrantToday: { name: 'Vera Verhuis', email: 'vera@kluis.example' } })]);
  });
});
