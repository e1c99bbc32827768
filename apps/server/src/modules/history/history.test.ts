import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { auditActions, limits, type HistoryEntry, type HistoryResponse, type PanelRole } from '@registrar-panel/contract';
import { auditEvents, signInAttempts } from '../../db/schema';
import { SignInDriver } from '../../identity/testing/sign-in-driver';
import { createActiveUser } from '../../identity/testing/users';
import { defaultRetention } from '../../config';
import { maintainPartitions } from '../../jobs/retention';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDomain, createContact } from '../registrations/registrations.test-support';
import { insertSessionSignIn } from './history.repository';
import { keycloakSessionSignIns } from './session-sign-ins';

/*
 * The registrar's history through the API: every kind of entry appears once the real action is
 * done through the API or the sign-in pages, scoped to the caller's registrar, filtered, paged and
 * exported. The registrar handle has capitals on purpose: a registrar's sign-ins are found by the
 * username's suffix in any letter case.
 */

let t: TestApp;
const alpha = 'Alpha';
const as = (username: string, roles: PanelRole[]) => ({ username, roles });
const admin = as(`admin@${alpha}`, ['ADMIN']);
const support = as(`support@${alpha}`, ['SUPPORT']);
const tech = as(`tech@${alpha}`, ['TECH']);
const finance = as(`finance@${alpha}`, ['FINANCE']);
const betaAdmin = as('admin@beta', ['ADMIN']);

const publicContact = (organization: string) => ({
  organization,
  email: 'hello@alpha.example',
  phone: '+32.98765432',
  url: 'https://www.alpha.example',
  address: { street: 'Rue Neuve 2', postalCode: '1000', city: 'Brussels', countryCode: 'BE' },
});

async function history(query: Record<string, string> = {}, caller = admin) {
  const res = await call(t, { url: '/services/registrar/history', query, as: caller });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<{ data: HistoryResponse }>().data;
}

const actionsOf = (entries: HistoryEntry[]) => entries.map((entry) => entry.action);

/** RFC 4180 records of a small CSV body (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: alpha });
  await createRegistrar(t.database.db, { handle: 'beta' });
  await createActiveUser(t.database.db, t.config, { username: `admin@${alpha}`, roles: ['ADMIN'] });
  await createActiveUser(t.database.db, t.config, { username: `sam@${alpha}`, roles: ['SUPPORT'] });
  await createActiveUser(t.database.db, t.config, { username: 'admin@beta', roles: ['ADMIN'] });
  await createContact(t.database.db, { handle: 'ALPHA-C1', registrarHandle: alpha });
  await createDomain(t.database.db, { uLabel: 'alpha-shop.be', registrarHandle: alpha, registrantHandle: 'ALPHA-C1' });
});
afterAll(async () => t?.close());

describe('every kind of entry, done for real', () => {
  it('shows contact changes, EPP changes, users, sign-ins and downloads with their details, newest first', async () => {
    const put = await call(t, { method: 'PUT', url: '/services/registrar', body: publicContact('Alpha "Domains", NV'), as: support });
    expect(put.statusCode).toBe(200);
    const whois = await call(t, {
      method: 'POST',
      url: '/services/registrar/whoisContact',
      body: { name: 'Tech Person', email: 'tech@alpha.example', phone: '+32.21234568', type: 'TECH' },
      as: tech,
    });
    expect(whois.statusCode).toBe(200);
    const ip = await call(t, { method: 'PUT', url: '/services/registrar/epp/ip', body: { ipAddresses: ['192.0.2.10', '2001:db8::1'] }, as: tech });
    expect(ip.statusCode).toBe(200);
    const created = await call(t, {
      method: 'POST',
      url: '/services/users',
      body: { username: 'newbie', name: 'New Person', email: 'newbie@alpha.example', roles: ['FINANCE'] },
      as: admin,
    });
    expect(created.statusCode).toBe(201);
    expect((await call(t, { method: 'DELETE', url: `/services/users/newbie@${alpha}`, as: admin })).statusCode).toBe(200);

    // A wrong password for a real account, and a guess at an account nobody has (recorded as `@Alpha`, without the typed name).
    const guesser = new SignInDriver(t.app, t.config, '198.51.100.7');
    await guesser.start();
    await guesser.submit({ username: `sam@${alpha}`, password: 'not the password' });
    await guesser.submit({ username: 'Ghost@ALPHA', password: 'not the password' });

    const report = await call(t, { url: `/services/registrar/${alpha}/report/domains/csv`, as: tech });
    expect(report.statusCode).toBe(200);
    const billing = await call(t, { url: '/services/registrar/finance/billingLines/csv', query: { year: '2024', month: '3' }, as: finance });
    expect(billing.statusCode).toBe(200);

    const { entries, total, page, pageCount, totalCapped } = await history();
    expect({ total, page, pageCount, totalCapped }).toEqual({ total: 9, page: 1, pageCount: 1, totalCapped: false });
    expect(actionsOf(entries)).toEqual([
      'download.billing',
      'download.domainReport',
      'signIn.wrongPassword',
      'signIn.wrongPassword',
      'user.delete',
      'user.create',
      'epp.ipAddresses.update',
      'registrar.techContact.update',
      'registrar.publicContact.update',
    ]);
    const byAction = (action: string) => entries.filter((entry) => entry.action === action);

    const contact = byAction('registrar.publicContact.update')[0]!;
    expect(contact.username).toBe(`support@${alpha}`);
    expect(contact.details).toMatchObject({
      changes: expect.arrayContaining([expect.objectContaining({ field: 'organization', new: 'Alpha "Domains", NV' })]),
    });
    expect(byAction('epp.ipAddresses.update')[0]!.details).toMatchObject({ after: ['192.0.2.10', '2001:db8::1'] });
    expect(byAction('user.create')[0]!.details).toMatchObject({ username: `newbie@${alpha}`, roles: ['FINANCE'] });
    expect(byAction('user.delete')[0]!.details).toMatchObject({ username: `newbie@${alpha}` });
    expect(
      byAction('signIn.wrongPassword')
        .map((entry) => [entry.username, entry.ip])
        .sort(),
    ).toEqual([
      [`@${alpha}`, '198.51.100.7'],
      [`sam@${alpha}`, '198.51.100.7'],
    ]);
    expect(byAction('download.domainReport')[0]!.details).toMatchObject({ fileName: expect.stringMatching(/^domain_names_Alpha_\d{8}-\d{6}\.csv$/), rows: 1 });
    expect(byAction('download.billing')[0]!.details).toEqual({ fileName: '202403-Alpha-billingLines.csv', year: 2024, month: 3, rows: 0 });
    expect(JSON.stringify(entries)).not.toMatch(/not the password|passwordHash|secret/i);
    // Newest first throughout.
    const times = entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('records an EPP password change without the password, and a successful sign-in', async () => {
    const res = await call(t, { method: 'PUT', url: '/services/registrar/epp/password', body: { newPassword: 'Strong Pass 42!' }, as: tech });
    expect(res.statusCode).toBe(200);
    const owner = new SignInDriver(t.app, t.config, '192.0.2.44');
    await owner.start();
    await owner.submit({ username: `sam@${alpha}`, password: 'Correct-Horse-Battery-9' });
    const { entries } = await history({ kind: 'epp' });
    expect(actionsOf(entries)[0]).toBe('epp.password.update');
    expect(JSON.stringify(entries)).not.toContain('Strong Pass 42!');
  });
});

describe('who may read it', () => {
  it('lets ADMIN and SUPPORT read it, refuses TECH and FINANCE with 403 and a caller without a token with 401', async () => {
    expect((await call(t, { url: '/services/registrar/history', as: support })).statusCode).toBe(200);
    for (const caller of [tech, finance]) {
      for (const url of ['/services/registrar/history', '/services/registrar/history/csv']) {
        const res = await call(t, { url, as: caller });
        expect(res.statusCode, `${url} as ${caller.username}`).toBe(403);
        expect(messagesOf(res)[0]?.messageKey).toBe('error.forbidden');
      }
    }
    for (const url of ['/services/registrar/history', '/services/registrar/history/csv']) {
      expect((await call(t, { url })).statusCode).toBe(401);
    }
  });

  it("never shows another registrar's entries, even asked by its usernames", async () => {
    const alphaCount = (await history()).total;
    const beta = await history({}, betaAdmin);
    expect(beta.entries.every((entry) => entry.username?.endsWith('@beta'))).toBe(true);
    expect((await history({ user: `sam@${alpha}` }, betaAdmin)).total).toBe(0);
    expect((await history({ user: 'ghost@alpha' }, betaAdmin)).total).toBe(0);
    const csv = await call(t, { url: '/services/registrar/history/csv', query: { user: `admin@${alpha}` }, as: betaAdmin });
    expect(parseCsv(csv.body)).toEqual([['Time', 'User', 'Action', 'Details', 'IP address']]);
    // Beta's own download is in beta's history, not alpha's.
    expect(actionsOf((await history({ kind: 'downloads' }, betaAdmin)).entries)).toEqual(['download.historyExport']);
    expect((await history()).total).toBe(alphaCount);
  });

  it('has no call that changes or deletes an entry', async () => {
    for (const method of ['PUT', 'POST', 'DELETE'] as const) {
      for (const url of ['/services/registrar/history', '/services/registrar/history/a1']) {
        const res = await call(t, { method, url, as: admin, body: method === 'DELETE' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});

describe('filters', () => {
  it('filters by kind of action', async () => {
    const kinds = { contacts: /^registrar\./, epp: /^epp\./, users: /^user\./, signIn: /^signIn\./, downloads: /^download\./ };
    for (const [kind, pattern] of Object.entries(kinds)) {
      const { entries } = await history({ kind });
      expect(entries.length, kind).toBeGreaterThan(0);
      for (const action of actionsOf(entries)) expect(action, kind).toMatch(pattern);
    }
  });

  it('filters by user, with or without the registrar suffix; a name that is no account was not kept, so it finds nothing', async () => {
    const sam = await history({ user: 'sam' });
    expect(sam.entries.length).toBeGreaterThan(0);
    expect(new Set(sam.entries.map((entry) => entry.username))).toEqual(new Set([`sam@${alpha}`]));
    expect((await history({ user: `support@${alpha}`, kind: 'contacts' })).entries).toHaveLength(1);
    expect(actionsOf((await history({ user: 'Ghost' })).entries)).toEqual([]);
  });

  it('takes from and to as Brussels days, both included', async () => {
    const handle = 'gamma';
    await createRegistrar(t.database.db, { handle });
    // 31 March 2024 22:30 UTC is 1 April 00:30 in Brussels (CEST); 31 March 21:30 UTC is still 31 March there.
    await t.database.db.insert(auditEvents).values([
      { registrarHandle: handle, username: 'a@gamma', action: 'user.update', at: new Date('2024-03-31T21:30:00Z') },
      { registrarHandle: handle, username: 'a@gamma', action: 'user.create', at: new Date('2024-03-31T22:30:00Z') },
      { registrarHandle: handle, username: 'a@gamma', action: 'user.delete', at: new Date('2024-04-30T21:59:59Z') },
      { registrarHandle: handle, username: 'a@gamma', action: 'user.totpReset', at: new Date('2024-04-30T22:00:00Z') },
    ]);
    const gamma = as('admin@gamma', ['SUPPORT']);
    expect(actionsOf((await history({ from: '2024-04-01', to: '2024-04-30' }, gamma)).entries)).toEqual(['user.delete', 'user.create']);
    expect(actionsOf((await history({ to: '2024-03-31' }, gamma)).entries)).toEqual(['user.update']);
    expect(actionsOf((await history({ from: '2024-05-01', kind: '' }, gamma)).entries)).toEqual(['user.totpReset']);
  });

  it('refuses bad filters with a message key', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ kind: 'everything' }, 'error.badRequest'],
      [{ from: '2024-02-30' }, 'validation.historyDate'],
      [{ to: '1.4.2024' }, 'validation.historyDate'],
      [{ from: '2024-04-02', to: '2024-04-01' }, 'validation.historyDateRange'],
      [{ page: '0' }, 'error.badRequest'],
      [{ page: String(limits.historyMaxPages + 1) }, 'validation.historyPage'],
      [{ user: 'x'.repeat(limits.usernameMaxLength + 1) }, 'error.badRequest'],
    ];
    for (const [query, key] of cases) {
      for (const url of ['/services/registrar/history', '/services/registrar/history/csv']) {
        const res = await call(t, { url, query, as: admin });
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(messagesOf(res)[0]?.messageKey, JSON.stringify(query)).toBe(key);
      }
    }
  });
});

describe('paging and export of a long history', () => {
  const handle = 'delta';
  const delta = as('admin@delta', ['ADMIN']);
  const stamp = new Date('2025-06-01T10:00:00.123456Z');

  beforeAll(async () => {
    await createRegistrar(t.database.db, { handle });
    // 2,600 audit entries and 1,700 sign-ins, many at the very same microsecond, so the order's ties matter.
    await t.database.db.execute(sql`INSERT INTO audit_events (registrar_handle, username, action, details, ip, at)
      SELECT ${handle}, 'ops@delta', 'user.update', jsonb_build_object('n', g), '192.0.2.1', ${stamp}::timestamptz - (g / 7) * interval '1 second'
      FROM generate_series(1, 2600) AS g`);
    await t.database.db.execute(sql`INSERT INTO sign_in_attempts (username, outcome, ip, at)
      SELECT 'ops@delta', 'success', '192.0.2.2', ${stamp}::timestamptz - (g / 5) * interval '1 second'
      FROM generate_series(1, 1700) AS g`);
  });

  it('pages newest first without gaps or repeats', async () => {
    const first = await history({}, delta);
    expect(first).toMatchObject({ total: 4300, pageCount: 86, totalCapped: false });
    expect(first.entries).toHaveLength(limits.historyPageSize);
    const seen = new Set<string>();
    let previous = '';
    for (let page = 1; page <= 4; page++) {
      const { entries } = await history({ page: String(page) }, delta);
      for (const entry of entries) {
        expect(seen.has(entry.id)).toBe(false);
        seen.add(entry.id);
        if (previous) expect(entry.at <= previous).toBe(true);
        previous = entry.at;
      }
    }
    expect(seen.size).toBe(4 * limits.historyPageSize);
    const last = await history({ page: '86' }, delta);
    expect(last.entries).toHaveLength(4300 - 85 * limits.historyPageSize);
    expect((await history({ page: '87' }, delta)).entries).toEqual([]);
  });

  it('exports every match as CSV, ties and batches included, and records the export itself', async () => {
    const res = await call(t, { url: '/services/registrar/history/csv', as: delta });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="delta-history-\d{8}-\d{6}\.csv"$/);
    const records = parseCsv(res.body);
    expect(records[0]).toEqual(['Time', 'User', 'Action', 'Details', 'IP address']);
    // The export is recorded before the file is written: it is the file's newest entry.
    expect(records[1]?.slice(1, 3)).toEqual(['admin@delta', 'download.historyExport']);
    const rows = records.slice(2);
    expect(rows).toHaveLength(4300);
    const auditNumbers = rows.filter((row) => row[2] === 'user.update').map((row) => (JSON.parse(row[3] ?? '') as { n: number }).n);
    expect(new Set(auditNumbers).size).toBe(2600);
    expect(rows.filter((row) => row[2] === 'signIn.success')).toHaveLength(1700);
    // Brussels time: 10:00:00 UTC on 1 June 2025 is 12:00:00+02:00.
    expect(rows[0]?.[0]).toBe('2025-06-01T12:00:00+02:00');
    const recorded = (await history({ kind: 'downloads' }, delta)).entries[0];
    expect(recorded?.details).toMatchObject({ fileName: expect.stringMatching(/^delta-history-/), filter: {} });
  });

  it('tells when more match than can be paged through', async () => {
    const cap = limits.historyPageSize * limits.historyMaxPages;
    await t.database.db.execute(sql`INSERT INTO audit_events (registrar_handle, username, action, at)
      SELECT ${handle}, 'bulk@delta', 'user.enable', ${stamp}::timestamptz - interval '1 day'
      FROM generate_series(1, ${cap}) AS g`);
    const capped = await history({}, delta);
    expect(capped).toMatchObject({ total: cap, totalCapped: true, pageCount: limits.historyMaxPages });
    const lastPage = await history({ page: String(limits.historyMaxPages) }, delta);
    expect(lastPage.entries).toHaveLength(limits.historyPageSize);
  });
});

describe('CSV', () => {
  it('escapes quotes and commas and neutralises formulas typed into a contact', async () => {
    const handle = 'epsilon';
    await createRegistrar(t.database.db, { handle });
    const editor = as('ed@epsilon', ['ADMIN']);
    expect(
      (await call(t, { method: 'PUT', url: '/services/registrar', body: publicContact('=HYPERLINK("http://evil.example","x")'), as: editor })).statusCode,
    ).toBe(200);
    await t.database.db.insert(signInAttempts).values({ username: '@epsilon', outcome: 'wrongPassword', ip: '192.0.2.9' });
    const res = await call(t, { url: '/services/registrar/history/csv', query: { kind: 'contacts' }, as: editor });
    const records = parseCsv(res.body);
    expect(records).toHaveLength(2);
    const [time, user, action, details, ip] = records[1]!;
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    expect([user, action, ip]).toEqual(['ed@epsilon', 'registrar.publicContact.update', '127.0.0.1']);
    expect(JSON.parse(details ?? '')).toMatchObject({ contact: 'publicContact' });
    expect(details).toContain('=HYPERLINK(\\"http://evil.example\\",\\"x\\")');
    // A username starting with '@' reaches the file with an apostrophe: a spreadsheet never runs it.
    const signIns = parseCsv((await call(t, { url: '/services/registrar/history/csv', query: { kind: 'signIn' }, as: editor })).body);
    expect(signIns[1]?.[1]).toBe("'@epsilon");
  });
});

describe('what others type', () => {
  const handle = 'Kappa';
  const kappaAdmin = as(`admin@${handle}`, ['ADMIN']);
  const typed = [
    '+32 470 12 34 56 call us now@kappa',
    'https://phish.example/login?@KAPPA',
    `bob\u202Egnp.exe\u2066\u0007@${handle}`,
    `${'x'.repeat(180)}@kappa`,
    'someone@no-such-registrar',
    'no suffix at all',
  ];

  beforeAll(async () => {
    await createRegistrar(t.database.db, { handle });
    const guesser = new SignInDriver(t.app, t.config, '203.0.113.50');
    await guesser.start();
    for (const username of typed) await guesser.submit({ username, password: 'not the password' });
  });

  it("keeps no typed name of a sign-in for a name that is no account: the registrar's history and CSV show the attempts under @handle", async () => {
    const { entries } = await history({ kind: 'signIn' }, kappaAdmin);
    expect(entries.map((entry) => [entry.username, entry.action, entry.ip])).toEqual(
      Array.from({ length: 4 }, () => [`@${handle}`, 'signIn.wrongPassword', '203.0.113.50']),
    );
    const csv = (await call(t, { url: '/services/registrar/history/csv', as: kappaAdmin })).body;
    for (const text of ['+32', 'phish', 'gnp', '\u202E', 'xxxx', 'call us']) expect(csv).not.toContain(text);
    expect(csv).toContain(`'@${handle}`);
  });

  it('stores at most the registrar part of what was typed, and nothing of a name whose registrar does not exist', async () => {
    const stored = await t.database.db.execute<{ username: string }>(sql`SELECT username FROM sign_in_attempts WHERE ip = '203.0.113.50'`);
    expect(stored.rows.map((row) => row.username).sort()).toEqual(['@', '@', `@${handle}`, `@${handle}`, `@${handle}`, `@${handle}`]);
  });

  it('writes no control or bidirectional control character into a CSV: a contact typed with them shows U+FFFD there', async () => {
    const editor = as(`ed@${handle}`, ['ADMIN']);
    const organization = 'Kappa\u202Egnp.exe\u2066 NV\u0085';
    expect((await call(t, { method: 'PUT', url: '/services/registrar', body: publicContact(organization), as: editor })).statusCode).toBe(200);
    const csv = (await call(t, { url: '/services/registrar/history/csv', query: { kind: 'contacts' }, as: editor })).body;
    expect(csv).toContain('Kappa\uFFFDgnp.exe\uFFFD NV\uFFFD');
    // eslint-disable-next-line no-control-regex -- these characters are what the test looks for (CR and LF end the records)
    expect(csv).not.toMatch(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });
});

describe('retention', () => {
  it('removes entries of months wholly past the retention period from the history', async () => {
    const handle = 'zeta';
    await createRegistrar(t.database.db, { handle });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    // 45 days before the retention's start: a month that ended before it (partitions go by whole months).
    await t.database.db.insert(auditEvents).values([
      { registrarHandle: handle, username: 'z@zeta', action: 'user.create', at: daysAgo(defaultRetention.auditDays + 45) },
      { registrarHandle: handle, username: 'z@zeta', action: 'user.update', at: daysAgo(defaultRetention.auditDays - 1) },
    ]);
    await t.database.db.insert(signInAttempts).values([
      { username: 'z@zeta', outcome: 'success', at: daysAgo(defaultRetention.signInDays + 45) },
      { username: 'z@zeta', outcome: 'wrongCode', at: daysAgo(defaultRetention.signInDays - 1) },
    ]);
    const zeta = as('admin@zeta', ['ADMIN']);
    expect((await history({}, zeta)).total).toBe(4);
    await maintainPartitions(t.database.db, defaultRetention, now);
    expect(actionsOf((await history({}, zeta)).entries)).toEqual(['signIn.wrongCode', 'user.update']);
  });
});

describe('the action list', () => {
  it('holds every action the services record', async () => {
    const { rows } = await t.database.db.execute<{ action: string }>(sql`SELECT DISTINCT action FROM audit_events`);
    for (const { action } of rows) expect(auditActions as readonly string[], action).toContain(action);
  });
});

describe('Keycloak mode: a session recorded as a sign-in once', () => {
  it('records parallel first requests of one session once, across callers, and shows it in the history', async () => {
    const handle = 'eta';
    await createRegistrar(t.database.db, { handle });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => insertSessionSignIn(t.database.db, { username: 'kc@eta', ip: '192.0.2.77', sessionId: 'session-1' })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    await insertSessionSignIn(t.database.db, { username: 'kc@eta', ip: '192.0.2.78', sessionId: 'session-2' });
    const { entries } = await history({}, as('admin@eta', ['ADMIN']));
    expect(entries.map((entry) => [entry.username, entry.action, entry.ip])).toEqual([
      ['kc@eta', 'signIn.success', '192.0.2.78'],
      ['kc@eta', 'signIn.success', '192.0.2.77'],
    ]);
  });

  it("the plugin records each token's session on its first request, through real parallel requests", async () => {
    const app = Fastify();
    app.decorate('db', t.database.db);
    // Stands in for the auth plugin, which has verified the token by then.
    app.addHook('onRequest', async (request) => {
      request.user = { username: 'kc@theta', registrarHandle: 'theta', roles: ['ADMIN'], firstName: '', lastName: '', email: '', ip: request.ip };
    });
    await app.register(keycloakSessionSignIns);
    app.get('/ping', async () => 'pong');
    await app.ready();
    const token = (sid: string) =>
      `Bearer ${['{"alg":"none"}', JSON.stringify({ sid, preferred_username: 'kc@theta' })].map((part) => Buffer.from(part).toString('base64url')).join('.')}.x`;
    const answers = await Promise.all(
      ['s-a', 's-a', 's-a', 's-b', 's-a', 's-b'].map((sid) =>
        app.inject({ url: '/ping', headers: { authorization: token(sid) }, remoteAddress: '203.0.113.5' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    await app.inject({ url: '/ping', headers: { authorization: token('s-a') } });
    await app.close();
    const { rows } = await t.database.db.execute<{ session_id: string; ip: string }>(
      sql`SELECT session_id, ip FROM sign_in_attempts WHERE username = 'kc@theta' ORDER BY session_id`,
    );
    expect(rows).toEqual([
      { session_id: 's-a', ip: '203.0.113.5' },
      { session_id: 's-b', ip: '203.0.113.5' },
    ]);
  });
});
