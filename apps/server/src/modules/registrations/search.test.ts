import { domainToASCII } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainSearchResponse } from '@registrar-panel/contract';
import { eq } from 'drizzle-orm';
import { domains } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { messagesOf } from '../../test/http';
import { createContact, createDomain, get } from './registrations.test-support';

let t: TestApp;
const alpha = { username: 'support@alpha', roles: ['SUPPORT' as const] };
const names = [
  'bakery-gent.be',
  'bakkerij-peeters.be',
  'bluebakery.be',
  'café-lumière.be',
  'gent-fietsen.be',
  'greenshop.be',
  'shopping-brugge.be',
  'zebra.be',
];

beforeAll(async () => {
  t = await createTestApp({ tld: 'be' });
  const db = t.database.db;
  await createRegistrar(db, { handle: 'alpha' });
  await createRegistrar(db, { handle: 'beta' });
  await createContact(db, { handle: 'c100', registrarHandle: 'alpha', name: 'Jan Peeters', email: 'jan@peeters.example' });
  await createContact(db, { handle: 'c200', registrarHandle: 'beta', name: 'Other Person', email: 'other@beta.example' });
  for (const uLabel of names) {
    const aLabel = domainToASCII(uLabel);
    await createDomain(db, { uLabel, aLabel, registrarHandle: 'alpha', registrantHandle: 'c100' });
  }
  // Another registrar's names match the same searches but never show.
  for (const uLabel of ['bakery-beta.be', 'shop-beta.be', 'abba.be']) await createDomain(db, { uLabel, registrarHandle: 'beta', registrantHandle: 'c200' });
});
afterAll(async () => t.close());

async function search(query: string, as = alpha) {
  const res = await get(t, `/services/domains/search?${query}`, as);
  return { res, body: res.json<{ data: DomainSearchResponse }>().data };
}

async function found(ulabel: string): Promise<string[]> {
  const { res, body } = await search(`ulabel=${encodeURIComponent(ulabel)}&page=0&size=100`);
  expect(res.statusCode).toBe(200);
  expect(body.totalResults).toBe(body.results.length);
  return body.results.map((r) => r.uLabel);
}

describe('GET /services/domains/search', () => {
  it.each([
    ['bak*', ['bakery-gent.be', 'bakkerij-peeters.be']],
    ['*gent', ['bakery-gent.be']],
    ['*gent*', ['bakery-gent.be', 'gent-fietsen.be']],
    ['*bakery*', ['bakery-gent.be', 'bluebakery.be']],
    ['*shop*', ['greenshop.be', 'shopping-brugge.be']],
    ['b*e*', ['bakery-gent.be', 'bakkerij-peeters.be', 'bluebakery.be']],
    ['*ze*', ['zebra.be']],
    ['*a', ['zebra.be']],
    ['BAK*', ['bakery-gent.be', 'bakkerij-peeters.be']],
    ['zebra', ['zebra.be']],
    ['ZEBRA.be', ['zebra.be']],
    ['café-lumière.be', ['café-lumière.be']],
    ['CAFÉ-LUMIÈRE', ['café-lumière.be']],
    ['xn--caf-lumire-66ag.be', ['café-lumière.be']],
    ['*lumière*', ['café-lumière.be']],
    ['xn--*', ['café-lumière.be']],
    ['*beta*', []],
    ['abba.be', []],
  ])('finds %s: %j, only among the caller’s own registrations', async (ulabel, expected) => {
    expect(await found(ulabel)).toEqual(expected);
  });

  it('finds everything with *, in name order, and pages through it', async () => {
    expect(await found('*')).toEqual(names);
    const first = await search('ulabel=*&page=0&size=3');
    expect(first.body.totalResults).toBe(8);
    expect(first.body.results.map((r) => r.uLabel)).toEqual(names.slice(0, 3));
    const third = await search(`ulabel=*&page=2&size=3&checkpoint=${encodeURIComponent(first.body.checkpoint)}`);
    expect(third.body.results.map((r) => r.uLabel)).toEqual(names.slice(6));
    const beyond = await search('ulabel=*&page=9&size=3');
    expect(beyond.body).toMatchObject({ results: [], totalResults: 8 });
  });

  it('answers each result with its registrant, dates and statuses', async () => {
    const { body } = await search('ulabel=zebra.be');
    expect(body.results).toEqual([
      {
        uLabel: 'zebra.be',
        aLabel: 'zebra.be',
        created: '2021-05-04T08:15:00.000Z',
        expired: '2027-05-04T08:15:00.000Z',
        rgpStatus: null,
        statuses: [{ status: 'ok', reason: null }],
        registrant: { handle: 'c100', name: 'Jan Peeters', email: 'jan@peeters.example' },
      },
    ]);
  });

  it('keeps pages stable: a registration gained after the checkpoint stays out of later pages', async () => {
    const first = await search('ulabel=g*&page=0&size=1');
    expect(first.body.totalResults).toBe(2);
    await createDomain(t.database.db, { uLabel: 'gamma.be', registrarHandle: 'alpha', createdAt: new Date(Date.now() + 1000) });
    const second = await search(`ulabel=g*&page=1&size=1&checkpoint=${encodeURIComponent(first.body.checkpoint)}`);
    expect(second.body).toMatchObject({ totalResults: 2, checkpoint: first.body.checkpoint });
    expect(second.body.results.map((r) => r.uLabel)).toEqual(['greenshop.be']);
    const fresh = await search('ulabel=g*&page=0&size=10');
    expect(fresh.body.results.map((r) => r.uLabel)).toEqual(['gamma.be', 'gent-fietsen.be', 'greenshop.be']);
  });

  it('counts short terms from the token counts and keeps them in step with gained, moved and deleted registrations', async () => {
    const db = t.database.db;
    await createRegistrar(db, { handle: 'gamma' });
    await createRegistrar(db, { handle: 'delta' });
    const gamma = { username: 'support@gamma', roles: ['SUPPORT' as const] };
    const ids = new Map<string, number>();
    for (const uLabel of ['anna.be', 'banana.be', 'cherry.be', 'date.be', 'elderberry.be'])
      ids.set(uLabel, await createDomain(db, { uLabel, registrarHandle: 'gamma' }));
    const total = async (ulabel: string) => (await search(`ulabel=${encodeURIComponent(ulabel)}&page=0&size=100`, gamma)).body.totalResults;
    expect([await total('*an*'), await total('*a*'), await total('*'), await total('*rr*'), await total('*zz*')]).toEqual([2, 3, 5, 2, 0]);

    const first = await search('ulabel=*a*&page=0&size=2', gamma);
    expect(first.body.results.map((r) => r.uLabel)).toEqual(['anna.be', 'banana.be']);
    await createDomain(db, { uLabel: 'aardvark.be', registrarHandle: 'gamma', createdAt: new Date(Date.now() + 1000) });
    const next = await search(`ulabel=*a*&page=1&size=2&checkpoint=${encodeURIComponent(first.body.checkpoint)}`, gamma);
    expect(next.body.totalResults).toBe(3);
    expect(next.body.results.map((r) => r.uLabel)).toEqual(['date.be']);
    expect(await total('*a*')).toBe(4);

    await db
      .update(domains)
      .set({ registrarHandle: 'delta', transferredAt: new Date() })
      .where(eq(domains.id, ids.get('banana.be')!));
    await db
      .update(domains)
      .set({ uLabel: 'cherrytree.be', aLabel: 'cherrytree.be' })
      .where(eq(domains.id, ids.get('cherry.be')!));
    await db.delete(domains).where(eq(domains.id, ids.get('date.be')!));
    expect(await found('*an*')).toEqual(['anna.be']);
    expect(await total('*an*')).toBe(1);
    expect([await total('*a*'), await total('*'), await total('*tr*'), await total('*rr*')]).toEqual([2, 4, 1, 2]);
    const delta = await search('ulabel=*an*&page=0&size=100', { username: 'support@delta', roles: ['SUPPORT'] });
    expect(delta.body).toMatchObject({ totalResults: 1, results: [expect.objectContaining({ uLabel: 'banana.be' })] });

    async function found(ulabel: string) {
      return (await search(`ulabel=${encodeURIComponent(ulabel)}&page=0&size=100`, gamma)).body.results.map((r) => r.uLabel);
    }
  });

  it.each([
    ['ulabel=', 'search.domain.name.empty.input', 'Please enter a domain name to search for.'],
    ['ulabel=%20%20', 'search.domain.name.empty.input', 'Please enter a domain name to search for.'],
    ['page=0', 'search.domain.name.empty.input', 'Please enter a domain name to search for.'],
    [`ulabel=${'a'.repeat(101)}`, 'validation.maxLength', 'Too many characters. The maximum length is 100.'],
    ['ulabel=bak%20ery', 'search.domain.name.invalid', 'A domain name can only hold letters, digits, hyphens, dots and the * wildcard.'],
    ['ulabel=bak_ery', 'search.domain.name.invalid', 'A domain name can only hold letters, digits, hyphens, dots and the * wildcard.'],
    ['ulabel=%25', 'search.domain.name.invalid', 'A domain name can only hold letters, digits, hyphens, dots and the * wildcard.'],
  ])('refuses %s with %s', async (query, messageKey, defaultMessage) => {
    const { res } = await search(query);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([expect.objectContaining({ messageKey, defaultMessage, field: 'ulabel' })]);
  });

  it.each(['page=-1', 'page=x', 'page=1e30', 'page=1.5', 'size=0', 'size=101'])('refuses the paging %s', async (paging) => {
    const { res } = await search(`ulabel=bak*&${paging}`);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)[0]?.messageKey).toBe('error.badRequest');
  });

  it('needs a token and a role that may read registrations', async () => {
    expect((await get(t, '/services/domains/search?ulabel=bak*')).statusCode).toBe(401);
    const finance = await get(t, '/services/domains/search?ulabel=bak*', { username: 'finance@alpha', roles: ['FINANCE'] });
    expect(finance.statusCode).toBe(403);
    expect(messagesOf(finance)[0]?.messageKey).toBe('error.forbidden');
    for (const role of ['TECH', 'ADMIN'] as const) {
      expect((await get(t, '/services/domains/search?ulabel=bak*', { username: `x@alpha`, roles: [role] })).statusCode).toBe(200);
    }
  });

  it('shows another registrar only its own registrations', async () => {
    const { body } = await search('ulabel=*', { username: 'tech@beta', roles: ['SUPPORT'] });
    expect(body.results.map((r) => r.uLabel)).toEqual(['abba.be', 'bakery-beta.be', 'shop-beta.be']);
  });
});
