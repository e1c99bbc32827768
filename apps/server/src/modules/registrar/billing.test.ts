import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelRole } from '@registrar-panel/contract';
import { billingEvents } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const finance = { username: 'finance@alpha', roles: ['FINANCE'] as PanelRole[] };

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createRegistrar(t.database.db, { handle: 'beta' });
  const event = (registrarHandle: string, eventAt: string, subject: string, extra: Partial<typeof billingEvents.$inferInsert> = {}) => ({
    registrarHandle,
    eventAt: new Date(eventAt),
    eventType: 'CREATE',
    eventSubtype: 'DOMAIN',
    period: 1,
    subject,
    svTrid: `sv-${subject}`,
    ...extra,
  });
  await t.database.db.insert(billingEvents).values([
    // 31 December 2023, 23:59:59 in Brussels: still December.
    event('alpha', '2023-12-31T22:59:59Z', 'last-of-2023.be'),
    // 1 January 2024, 00:30 in Brussels (23:30 UTC the day before): January.
    event('alpha', '2023-12-31T23:30:00Z', 'first-of-2024.be', { eventType: 'RENEW', eventSubtype: 'AUTO', period: 2 }),
    event('alpha', '2024-01-15T12:00:00Z', '=cmd|calc.be', { eventType: 'TRANSFER', eventSubtype: 'IN', period: null, svTrid: '+sv,"quoted"' }),
    // 31 January 2024, 23:59:59 in Brussels: January; one second later it is February.
    event('alpha', '2024-01-31T22:59:59Z', 'end-of-january.be'),
    event('alpha', '2024-01-31T23:00:00Z', 'start-of-february.be'),
    // Summer time: 1 July 2024 00:30 in Brussels is 22:30 UTC on 30 June.
    event('alpha', '2024-06-30T22:30:00Z', 'first-of-july.be'),
    event('beta', '2024-01-10T10:00:00Z', 'beta-only.be'),
  ]);
});
afterAll(async () => t.close());

const lines = '/services/registrar/finance/billingLines';

describe('GET /services/registrar/finance/billingLines', () => {
  it('answers the lines of the Brussels calendar month, oldest first', async () => {
    const res = await call(t, { url: lines, query: { year: '2024', month: '1' }, as: finance });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        results: [
          {
            eventTimestamp: '2023-12-31T23:30:00.000Z',
            eventType: 'RENEW',
            eventSubtype: 'AUTO',
            eventPeriod: 2,
            subject: 'first-of-2024.be',
            svTRID: 'sv-first-of-2024.be',
          },
          {
            eventTimestamp: '2024-01-15T12:00:00.000Z',
            eventType: 'TRANSFER',
            eventSubtype: 'IN',
            eventPeriod: null,
            subject: '=cmd|calc.be',
            svTRID: '+sv,"quoted"',
          },
          {
            eventTimestamp: '2024-01-31T22:59:59.000Z',
            eventType: 'CREATE',
            eventSubtype: 'DOMAIN',
            eventPeriod: 1,
            subject: 'end-of-january.be',
            svTRID: 'sv-end-of-january.be',
          },
        ],
      },
      messages: [],
    });
  });

  it.each([
    ['2023', '12', ['last-of-2023.be']],
    ['2024', '2', ['start-of-february.be']],
    ['2024', '7', ['first-of-july.be']],
    ['2024', '6', []],
  ])('year %s month %s holds exactly its own lines', async (year, month, subjects) => {
    const res = await call(t, { url: lines, query: { year, month }, as: finance });
    expect(res.json<{ data: { results: { subject: string }[] } }>().data.results.map((line) => line.subject)).toEqual(subjects);
  });

  it('shows a registrar only its own lines', async () => {
    const res = await call(t, { url: lines, query: { year: '2024', month: '1' }, as: { username: 'finance@beta', roles: ['FINANCE'] } });
    expect(res.json<{ data: { results: { subject: string }[] } }>().data.results.map((line) => line.subject)).toEqual(['beta-only.be']);
  });

  it.each<[PanelRole, number]>([
    ['SUPPORT', 200],
    ['FINANCE', 200],
    ['ADMIN', 200],
    ['TECH', 403],
  ])('role %s answers %i', async (role, status) => {
    expect((await call(t, { url: lines, query: { year: '2024', month: '1' }, as: { username: 'x@alpha', roles: [role] } })).statusCode).toBe(status);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t, { url: lines, query: { year: '2024', month: '1' } })).statusCode).toBe(401);
  });

  it.each<[Record<string, string>, string, string, string]>([
    [{ month: '1' }, 'year', 'validation.billingYear', 'Choose a year of four digits.'],
    [{ year: 'abc', month: '1' }, 'year', 'validation.billingYear', 'Choose a year of four digits.'],
    [{ year: '1969', month: '1' }, 'year', 'validation.billingYear', 'Choose a year of four digits.'],
    [{ year: '2024.5', month: '1' }, 'year', 'validation.billingYear', 'Choose a year of four digits.'],
    [{ year: '2024' }, 'month', 'validation.billingMonth', 'Choose a month from 1 to 12.'],
    [{ year: '2024', month: '0' }, 'month', 'validation.billingMonth', 'Choose a month from 1 to 12.'],
    [{ year: '2024', month: '13' }, 'month', 'validation.billingMonth', 'Choose a month from 1 to 12.'],
    [{ year: '2024', month: 'jan' }, 'month', 'validation.billingMonth', 'Choose a month from 1 to 12.'],
  ])('refuses %j with a message on the field', async (query, field, messageKey, defaultMessage) => {
    for (const url of [lines, `${lines}/csv`]) {
      const res = await call(t, { url, query, as: finance });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ data: null, messages: [expect.objectContaining({ field, messageKey, defaultMessage })] });
    }
  });
});

describe('GET /services/registrar/finance/billingLines/csv', () => {
  it('answers the month as an RFC 4180 file named {year}{month}-{handle}-billingLines.csv', async () => {
    const res = await call(t, { url: `${lines}/csv`, query: { year: '2024', month: '1' }, as: finance });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="202401-alpha-billingLines.csv"');
    expect(res.body).toBe(
      [
        'Transaction date,Transaction type,Transaction subtype,Period,Domain name,svTRID',
        '2024-01-01T00:30:00+01:00,RENEW,AUTO,2,first-of-2024.be,sv-first-of-2024.be',
        `2024-01-15T13:00:00+01:00,TRANSFER,IN,,'=cmd|calc.be,"'+sv,""quoted"""`,
        '2024-01-31T23:59:59+01:00,CREATE,DOMAIN,1,end-of-january.be,sv-end-of-january.be',
        '',
      ].join('\r\n'),
    );
  });

  it('writes Brussels summer time with its offset', async () => {
    const res = await call(t, { url: `${lines}/csv`, query: { year: '2024', month: '7' }, as: finance });
    expect(res.headers['content-disposition']).toBe('attachment; filename="202407-alpha-billingLines.csv"');
    expect(res.body.split('\r\n')[1]).toBe('2024-07-01T00:30:00+02:00,CREATE,DOMAIN,1,first-of-july.be,sv-first-of-july.be');
  });

  it('answers a header-only file for an empty month', async () => {
    const res = await call(t, { url: `${lines}/csv`, query: { year: '2024', month: '6' }, as: finance });
    expect(res.body).toBe('Transaction date,Transaction type,Transaction subtype,Period,Domain name,svTRID\r\n');
  });

  it('holds only the caller’s lines and follows the same roles', async () => {
    const beta = await call(t, { url: `${lines}/csv`, query: { year: '2024', month: '1' }, as: { username: 'support@beta', roles: ['SUPPORT'] } });
    expect(beta.headers['content-disposition']).toContain('202401-beta-billingLines.csv');
    expect(beta.body).toContain('beta-only.be');
    expect(beta.body).not.toContain('alpha');
    const tech = await call(t, { url: `${lines}/csv`, query: { year: '2024', month: '1' }, as: { username: 'tech@alpha', roles: ['TECH'] } });
    expect(tech.statusCode).toBe(403);
    expect(tech.json()).toMatchObject({ data: null, messages: [{ messageKey: 'error.forbidden' }] });
    expect((await call(t, { url: `${lines}/csv`, query: { year: '2024', month: '1' } })).statusCode).toBe(401);
  });
});
