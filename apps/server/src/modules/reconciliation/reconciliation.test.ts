import { PassThrough } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationResult, ReconciliationResultsResponse, ReconciliationRun } from '@registrar-panel/contract';
import { auditEvents, reconciliationResults, reconciliationRuns } from '../../db/schema';
import { applyRetention } from '../../jobs/retention';
import { CsvReader } from '../../lib/csv-reader';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import type { TokenClaims } from '../../identity/testing/access-tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createContact, createDomain } from '../registrations/registrations.test-support';

const tld = 'be';
const maxBytes = 64 * 1024;
let t: TestApp;
const alpha: TokenClaims = { username: 'ada@alpha', roles: ['TECH'] };
const beta: TokenClaims = { username: 'bob@beta', roles: ['ADMIN'] };

beforeAll(async () => {
  t = await createTestApp({ tld, reconciliationMaxBytes: maxBytes });
  const { db } = t.database;
  for (const handle of ['alpha', 'beta', 'gamma']) await createRegistrar(db, { handle });
  await createContact(db, { handle: 'c100', registrarHandle: 'alpha' });
  await createContact(db, { handle: 'c200', registrarHandle: 'alpha' });
  await createDomain(db, {
    uLabel: 'bakker.be',
    registrarHandle: 'alpha',
    registrantHandle: 'c100',
    expiresAt: new Date('2027-03-01T23:30:00Z'), // 2 March in Brussels
    nameservers: [{ name: 'ns2.dns.example' }, { name: 'ns1.dns.example' }],
    delegationSigners: [{ keyTag: 12345, algorithm: 13, digestType: 2, digest: 'ABCDEF0123' }],
  });
  await createDomain(db, {
    uLabel: 'café.be',
    aLabel: 'xn--caf-dma.be',
    registrarHandle: 'alpha',
    registrantHandle: 'c100',
    expiresAt: new Date('2027-01-10T10:00:00Z'),
  });
  await createDomain(db, { uLabel: 'slager.be', registrarHandle: 'alpha', registrantHandle: 'c200' });
  await createDomain(db, { uLabel: 'beta-shop.be', registrarHandle: 'beta' });
});
afterAll(async () => t?.close());

function upload(as: TokenClaims, file: string | Buffer | PassThrough, options: { contentType?: string; fileName?: string } = {}) {
  return t.tokenFor(as).then((token) =>
    t.app.inject({
      method: 'POST',
      url: '/services/reconciliations',
      query: options.fileName ? { fileName: options.fileName } : {},
      headers: { authorization: `Bearer ${token}`, 'content-type': options.contentType ?? 'text/csv; charset=utf-8' },
      payload: file,
    }),
  );
}

const runOf = (res: LightMyRequestResponse) => res.json<{ data: { run: ReconciliationRun } }>().data.run;
const keysOf = (res: LightMyRequestResponse) => res.json<{ messages: { messageKey: string }[] }>().messages.map((m) => m.messageKey);

async function allResults(runId: string, kind: ReconciliationResult['kind'], as = alpha): Promise<ReconciliationResult[]> {
  const results: ReconciliationResult[] = [];
  for (let page = 0; ; page++) {
    const res = await call(t, { url: `/services/reconciliations/${runId}/results`, query: { kind, page: String(page) }, as });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: ReconciliationResultsResponse }>().data;
    results.push(...data.results);
    if (data.results.length < data.pageSize) return results;
  }
}

async function runRows(registrarHandle: string) {
  return t.database.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.registrarHandle, registrarHandle));
}

describe('a reconciliation', () => {
  it('finds what the file lacks, what the registrar does not sponsor, and each field that differs', async () => {
    const file = [
      'Name;Expiry date;Name servers;Registrant;DS;Comment',
      'BAKKER.be;02/03/2027;ns1.dns.example ns3.dns.example;c100;12345 13 2 abcdef0123;ok',
      'café.be;2027-01-10;;c999;;IDN as U-label',
      'beta-shop.be;;;;;another registrar’s',
      'nobody-has-this.be;;;;;',
      '',
      ';;;;;',
    ].join('\r\n');
    const res = await upload(alpha, file, { fileName: 'ours.csv' });
    expect(res.statusCode, res.body).toBe(201);
    const run = runOf(res);
    expect(run).toMatchObject({ state: 'done', fileName: 'ours.csv', linesRead: 5, columns: ['name', 'expiry', 'nameServers', 'registrant', 'ds'] });
    expect(run.counts).toEqual({ missingFromFile: 1, notSponsored: 2, differs: 2, badLine: 0 });
    expect(await allResults(run.id, 'missingFromFile')).toEqual([
      { kind: 'missingFromFile', line: null, name: 'slager.be', field: null, registryValue: null, fileValue: null, problem: null },
    ]);
    expect((await allResults(run.id, 'notSponsored')).map((r) => [r.line, r.name])).toEqual([
      [4, 'beta-shop.be'],
      [5, 'nobody-has-this.be'],
    ]);
    expect((await allResults(run.id, 'differs')).map((r) => [r.line, r.name, r.field, r.registryValue, r.fileValue])).toEqual([
      [2, 'bakker.be', 'nameServers', 'ns1.dns.example ns2.dns.example', 'ns1.dns.example ns3.dns.example'],
      [3, 'café.be', 'registrant', 'c100', 'c999'],
    ]);
  });

  it('reads commas, quotes, line breaks inside quotes, a byte-order mark and A-labels', async () => {
    const file = '\ufeff"domain","registrant"\n"xn--caf-dma.be","c100"\n"slager.be","c""200"\n"bakker.be","c\n100"\n';
    const res = await upload(alpha, Buffer.from(file));
    expect(res.statusCode, res.body).toBe(201);
    const run = runOf(res);
    expect(run.counts).toEqual({ missingFromFile: 0, notSponsored: 0, differs: 1, badLine: 1 });
    expect((await allResults(run.id, 'differs')).map((r) => [r.line, r.registryValue, r.fileValue])).toEqual([[3, 'c200', 'c"200']]);
    // The quoted line break is inside the record that starts on line 4.
    expect((await allResults(run.id, 'badLine')).map((r) => [r.line, r.problem])).toEqual([[4, 'reconciliation.line.registrant']]);
  });

  it('reports bad lines by their number and goes on with the next', async () => {
    const lines = [
      'name,expiry',
      'bakker.be,2027-03-02',
      Buffer.from([0x63, 0x61, 0x66, 0xc3, 0x28, 0x2e, 0x62, 0x65, 0x2c]).toString('latin1'),
      `slager.be,${'x'.repeat(20_000)}`,
      'café.be,31/02/2027',
      'a b c.be,',
      'too,many,fields',
      '"unclosed,2027-01-01',
    ];
    const body = Buffer.concat(lines.map((line, i) => Buffer.from(`${line}${i < lines.length - 1 ? '\n' : ''}`, i === 2 ? 'latin1' : 'utf8')));
    const res = await upload(alpha, body);
    expect(res.statusCode, res.body).toBe(201);
    const run = runOf(res);
    expect((await allResults(run.id, 'badLine')).map((r) => [r.line, r.problem])).toEqual([
      [3, 'reconciliation.line.encoding'],
      [4, 'reconciliation.line.tooLong'],
      [5, 'reconciliation.line.expiry'],
      [6, 'reconciliation.line.name'],
      [7, 'reconciliation.line.fieldCount'],
      [8, 'reconciliation.line.quotes'],
    ]);
    // A name on a bad line is in the file all the same: not reported as missing; one on a line too long to read is.
    expect((await allResults(run.id, 'missingFromFile')).map((r) => r.name)).toEqual(['slager.be']);
  });

  it('counts a name repeated in the file once, at its first line', async () => {
    const res = await upload(alpha, 'name\nbakker.be\nslager.be\nBakker.be\nxn--caf-dma.be\ncafé.be\n');
    const run = runOf(res);
    expect(run.counts).toEqual({ missingFromFile: 0, notSponsored: 0, differs: 0, badLine: 2 });
    expect((await allResults(run.id, 'badLine')).map((r) => [r.line, r.problem])).toEqual([
      [4, 'reconciliation.line.duplicate'],
      [6, 'reconciliation.line.duplicate'],
    ]);
  });
});

describe('a file refused whole, with nothing kept', () => {
  it.each([
    ['a header without a name column', 'expiry,registrant\n2027-01-01,c100\n', 400, 'reconciliation.header.noName'],
    ['an empty file', '', 400, 'reconciliation.empty'],
    ['a header that is not UTF-8', Buffer.from([0x6e, 0x61, 0x6d, 0xe9, 0x0a]), 400, 'reconciliation.header.encoding'],
  ] as const)('%s', async (_what, body, status, key) => {
    const before = (await runRows('alpha')).length;
    const res = await upload(alpha, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(keysOf(res)).toEqual([key]);
    expect(await runRows('alpha')).toHaveLength(before);
  });

  it('refuses another content type with 415', async () => {
    const res = await upload(alpha, '{"name":"bakker.be"}', { contentType: 'application/json' });
    expect(res.statusCode).toBe(415);
    expect(keysOf(res)).toEqual(['reconciliation.notCsv']);
  });

  it('refuses a file over the size bound with 413, announced or not, and keeps nothing', async () => {
    const before = (await runRows('alpha')).length;
    const big = `name\n${'bakker.be\n'.repeat(maxBytes / 10 + 10)}`;
    const announced = await upload(alpha, big);
    expect(announced.statusCode).toBe(413);
    expect(keysOf(announced)).toEqual(['reconciliation.tooLarge']);
    expect(announced.json<{ messages: { defaultMessage: string }[] }>().messages[0]?.defaultMessage).toContain('0 MB');

    // Streamed without a length: refused once the bound is passed, mid-file.
    const stream = new PassThrough();
    const pending = upload(alpha, stream);
    stream.write('name\n');
    for (let i = 0; i < maxBytes / 10 + 10; i++) stream.write('bakker.be\n');
    stream.end();
    const streamed = await pending;
    expect(streamed.statusCode).toBe(413);
    expect(keysOf(streamed)).toEqual(['reconciliation.tooLarge']);
    expect(await runRows('alpha')).toHaveLength(before);
    const [left] = await t.database.db.select({ n: count() }).from(reconciliationRuns).where(eq(reconciliationRuns.state, 'receiving'));
    expect(left?.n).toBe(0);
  });
});

describe('one run per registrar at a time', () => {
  it('starts exactly one of several uploads sent at once, and the next after it ends', async () => {
    const streams = Array.from({ length: 6 }, () => new PassThrough());
    const pending = streams.map((stream) => upload({ username: 'gus@gamma', roles: ['SUPPORT'] }, stream));
    for (const stream of streams) stream.write('name\n');
    // Wait until every request has reached the database: the winner's run is receiving, the others answered.
    const settled: LightMyRequestResponse[] = [];
    const refused = pending.map((request) => request.then((res) => void settled.push(res)));
    for (let i = 0; i < 600 && settled.length < streams.length - 1; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled.map((res) => res.statusCode)).toEqual(Array(streams.length - 1).fill(409));
    expect(keysOf(settled[0]!)).toEqual(['reconciliation.running']);
    expect((await runRows('gamma')).map((run) => run.state)).toEqual(['receiving']);
    for (const stream of streams) stream.end('gamma-domain.be\n');
    await Promise.all(refused);
    expect(settled.filter((res) => res.statusCode === 201)).toHaveLength(1);
    // Another registrar is not held up meanwhile, and gamma may start its next run.
    const next = await upload({ username: 'gus@gamma', roles: ['SUPPORT'] }, 'name\ngamma-domain.be\n');
    expect(next.statusCode).toBe(201);
  });
});

describe('runs of several registrars at once', () => {
  it("each compare their own file, streamed side by side (one transaction each, as PgBouncer's transaction mode needs)", async () => {
    const handles = ['side1', 'side2', 'side3', 'side4', 'side5'];
    for (const handle of handles) await createRegistrar(t.database.db, { handle });
    const streams = handles.map(() => new PassThrough());
    const pending = handles.map((handle, i) => upload({ username: `sam@${handle}`, roles: ['SUPPORT'] }, streams[i]!));
    for (const stream of streams) stream.write('name\n');
    // Line by line, one registrar after another, with other requests between: each statement of one
    // run may meet the others' on the pooler.
    for (let line = 0; line < 12; line++) {
      handles.forEach((handle, i) => streams[i]!.write(`${handle}-${line}.be\n`));
      await call(t, { url: '/services/reconciliations', as: alpha });
    }
    for (const stream of streams) stream.end();
    const responses = await Promise.all(pending);
    for (const res of responses) expect(res.statusCode, res.body).toBe(201);
    expect(responses.map((res) => runOf(res).counts)).toEqual(handles.map(() => ({ badLine: 0, missingFromFile: 0, notSponsored: 12, differs: 0 })));
  });
});

describe('the results of a run', () => {
  let runId = '';
  beforeAll(async () => {
    const res = await upload(alpha, 'name;registrant\n=HYPERLINK("http://evil.example");x\n+bakker.be;c1\nbakker.be;@c1\nslager.be;-c2\n');
    runId = runOf(res).id;
  });

  it('downloads as CSV with every text cell formula-neutralised, and says how many rows', async () => {
    const res = await call(t, { url: `/services/reconciliations/${runId}/csv`, as: alpha });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/reconciliation_alpha_\d{8}-\d{6}\.csv/);
    const reader = new CsvReader(1 << 20);
    const records = [...reader.push(res.rawPayload), ...reader.end()].map((record) => record.fields ?? []);
    expect(records[0]).toEqual(['kind', 'line', 'name', 'field', 'registry', 'file', 'problem']);
    expect(Number(res.headers['x-record-count'])).toBe(records.length - 1);
    for (const cell of records.slice(1).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(records).toContainEqual(['badLine', '2', `'=HYPERLINK("http://evil.example")`, '', '', '', 'This is not a domain name.']);
    expect(records).toContainEqual(['differs', '4', 'bakker.be', 'registrant', 'c100', "'@c1", '']);
    expect(records).toContainEqual(['differs', '5', 'slager.be', 'registrant', 'c200', "'-c2", '']);
    expect(records).toContainEqual(['missingFromFile', '', 'café.be', '', '', '', '']);
  });

  it('records the upload and the download in the history', async () => {
    const entries = await t.database.db.select().from(auditEvents).where(eq(auditEvents.registrarHandle, 'alpha'));
    expect(entries.filter((e) => e.action === 'reconciliation.upload').map((e) => e.details.runId)).toContain(runId);
    expect(entries.filter((e) => e.action === 'download.reconciliation').map((e) => e.details.runId)).toContain(runId);
  });

  it("answers 404 to another registrar's caller, as for a run that does not exist", async () => {
    for (const url of [`/services/reconciliations/${runId}`, `/services/reconciliations/${runId}/csv`, `/services/reconciliations/not-an-id`]) {
      const res = await call(t, { url, as: beta });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('bakker');
    }
    const results = await call(t, { url: `/services/reconciliations/${runId}/results`, query: { kind: 'differs' }, as: beta });
    expect(results.statusCode).toBe(404);
    const list = await call(t, { url: '/services/reconciliations', as: beta });
    expect(list.json<{ data: { runs: ReconciliationRun[] } }>().data.runs.map((run) => run.id)).not.toContain(runId);
  });

  it('is deleted after 30 days by the retention job', async () => {
    const later = new Date(Date.now() + 31 * 86_400_000);
    const policy = { ...t.config.retention };
    await applyRetention(t.database.db, policy, later);
    expect(await t.database.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, runId))).toEqual([]);
    expect(await t.database.db.select().from(reconciliationResults).where(eq(reconciliationResults.runId, runId))).toEqual([]);
  });
});

describe('differences against a recount', () => {
  it('finds exactly what a recount of a random portfolio and a random file finds', async () => {
    const { db } = t.database;
    await createRegistrar(db, { handle: 'delta' });
    await createContact(db, { handle: 'd1', registrarHandle: 'delta' });
    await createContact(db, { handle: 'd2', registrarHandle: 'delta' });
    let seed = 34;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const hosts = ['ns1.a.example', 'ns2.a.example', 'ns1.b.example'];
    const portfolio = new Map<string, { expiry: string; ns: string[]; registrant: string }>();
    for (let i = 0; i < 250; i++) {
      const name = `delta-${i}.be`;
      const day = `2027-0${1 + (i % 9)}-1${i % 10}`;
      const ns = hosts.filter(() => random() < 0.5);
      const registrant = pick(['d1', 'd2']);
      portfolio.set(name, { expiry: day, ns, registrant });
      await createDomain(db, {
        uLabel: name,
        registrarHandle: 'delta',
        registrantHandle: registrant,
        expiresAt: new Date(`${day}T12:00:00Z`),
        nameservers: ns.map((n) => ({ name: n })),
      });
    }
    const expected = { missingFromFile: new Set(portfolio.keys()), notSponsored: [] as number[], differs: [] as string[] };
    const lines = ['name,expiry,nameservers,registrant'];
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const line = lines.length + 1;
      const name = i < 280 ? `delta-${Math.floor(random() * 260)}.be` : pick(['beta-shop.be', `elsewhere-${i}.be`]);
      const held = portfolio.get(name);
      if (seen.has(name)) continue; // already on a line: a duplicate is another test's
      seen.add(name);
      expected.missingFromFile.delete(name);
      if (!held) {
        expected.notSponsored.push(line);
        lines.push(`${name},,,`);
        continue;
      }
      const expiry = random() < 0.2 ? '2030-01-01' : held.expiry;
      const ns = random() < 0.2 ? [pick(hosts)] : held.ns;
      const registrant = random() < 0.2 ? pick(['d1', 'd2']) : held.registrant;
      if (expiry !== held.expiry) expected.differs.push(`${line} expiry`);
      if (ns.length > 0 && [...ns].sort().join(' ') !== [...held.ns].sort().join(' ')) expected.differs.push(`${line} nameServers`);
      if (registrant !== held.registrant) expected.differs.push(`${line} registrant`);
      lines.push(`${name},${expiry},"${ns.join(' ')}",${registrant}`);
    }
    const res = await upload({ username: 'dan@delta', roles: ['ADMIN'] }, lines.join('\n'));
    expect(res.statusCode, res.body).toBe(201);
    const run = runOf(res);
    const as = { username: 'dan@delta', roles: ['ADMIN'] } as TokenClaims;
    expect((await allResults(run.id, 'missingFromFile', as)).map((r) => r.name).sort()).toEqual([...expected.missingFromFile].sort());
    expect((await allResults(run.id, 'notSponsored', as)).map((r) => r.line)).toEqual(expected.notSponsored);
    expect((await allResults(run.id, 'differs', as)).map((r) => `${r.line} ${r.field}`)).toEqual(expected.differs);
    expect(run.counts.badLine).toBe(0);
    expect(expected.differs.length).toBeGreaterThan(20);
  });
});
