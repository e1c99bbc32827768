import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PanelRole } from '@registrar-panel/contract';
import { contacts, domains } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isoInBrussels } from '../../lib/brussels-time';
import { neutraliseFormula, neutraliseFormulaSql } from '../../lib/csv';
import { brusselsSessionSql, isoTimestampSql } from './report.repository';

let t: TestApp;
const support = { username: 'support@alpha', roles: ['SUPPORT'] as PanelRole[] };
const url = '/services/registrar/alpha/report/domains/csv';
/** Enough rows for the file to arrive in many chunks. */
const generated = 4_500;

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createRegistrar(t.database.db, { handle: 'beta' });
  await t.database.db.insert(contacts).values({ handle: '=EVIL', roid: 'C1-REG', registrarHandle: 'alpha', createdAt: new Date('2020-01-01T00:00:00Z') });
  await t.database.db.insert(domains).values([
    {
      uLabel: 'bücher.be',
      aLabel: 'xn--bcher-kva.be',
      registrarHandle: 'alpha',
      registrantHandle: '=EVIL',
      createdAt: new Date('2024-07-01T10:00:00Z'),
      updatedAt: new Date('2024-07-01T10:00:00Z'),
      expiresAt: new Date('2025-01-01T10:00:00Z'),
    },
    { uLabel: 'zz-beta.be', aLabel: 'zz-beta.be', registrarHandle: 'beta', createdAt: new Date(), updatedAt: new Date() },
  ]);
  await t.database.db.execute(sql`
    INSERT INTO domains (u_label, a_label, registrar_handle, created_at, updated_at, expires_at)
    SELECT 'd' || lpad(g::text, 5, '0') || '.be', 'd' || lpad(g::text, 5, '0') || '.be', 'alpha',
           timestamptz '2020-01-01 00:00:00Z' + g * interval '1 hour', timestamptz '2020-01-01 00:00:00Z', NULL
    FROM generate_series(1, ${generated}) AS g`);
});
afterAll(async () => t.close());

const header = 'Domain name,A-label,Registrant,Created,Expiry date';

describe('GET /services/registrar/{handle}/report/domains/csv', () => {
  it('streams every domain of the registrar in U-label order, with a header and the file name', async () => {
    const before = Date.now();
    const res = await call(t, { url, as: support });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['x-record-count']).toBe(String(generated + 1));
    const name = /^attachment; filename="domain_names_alpha_(\d{8}-\d{6})\.csv"$/.exec(String(res.headers['content-disposition']));
    expect(name).not.toBeNull();
    const stamp = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Brussels', dateStyle: 'short', timeStyle: 'medium' })
      .format(before)
      .replace(/[-:]/g, '')
      .replace(' ', '-');
    expect(name![1]!.slice(0, 11)).toBe(stamp.slice(0, 11));

    const records = res.body.split('\r\n');
    expect(records[0]).toBe(header);
    expect(records.at(-1)).toBe('');
    expect(records).toHaveLength(generated + 3);
    expect(records[1]).toBe(`bücher.be,xn--bcher-kva.be,'=EVIL,2024-07-01T12:00:00+02:00,2025-01-01T11:00:00+01:00`);
    expect(records[2]).toBe('d00001.be,d00001.be,,2020-01-01T02:00:00+01:00,');
    expect(records[generated + 1]).toBe('d04500.be,d04500.be,,2020-07-06T14:00:00+02:00,');
    const labels = records.slice(1, -1).map((record) => record.split(',')[0]!);
    expect(labels).toEqual([...labels].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1)));
    expect(res.body).not.toContain('zz-beta.be');
    expect(Buffer.from(res.rawPayload).includes(Buffer.from('bücher.be', 'utf8'))).toBe(true);
  });

  it('leaves the session time zone of the shared connection as it was', async () => {
    const timeZone = async () => (await t.database.pool.query<{ TimeZone: string }>('SHOW TimeZone')).rows[0]?.TimeZone;
    const before = await timeZone();
    expect(before).not.toBe('Europe/Brussels');
    await call(t, { url, as: support });
    expect(await timeZone()).toBe(before);
  });

  it('answers a header-only file for a registrar without domains', async () => {
    const res = await call(t, { url: '/services/registrar/beta/report/domains/csv', as: { username: 'tech@beta', roles: ['TECH'] } });
    expect(res.body).toBe(`${header}\r\nzz-beta.be,zz-beta.be,,${res.body.split('\r\n')[1]!.split(',')[3]},\r\n`);
    await createRegistrar(t.database.db, { handle: 'empty' });
    const empty = await call(t, { url: '/services/registrar/empty/report/domains/csv', as: { username: 'tech@empty', roles: ['TECH'] } });
    expect(empty.body).toBe(`${header}\r\n`);
    expect(empty.headers['x-record-count']).toBe('0');
  });

  it('answers another registrar’s handle, and an unknown one, as not found', async () => {
    const unknown = await call(t, { url: '/services/registrar/nosuchregistrar/report/domains/csv', as: support });
    expect(unknown.statusCode).toBe(404);
    const res = await call(t, { url: '/services/registrar/beta/report/domains/csv', as: support });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(unknown.json());
    expect(res.body).not.toContain('zz-beta.be');
  });

  it.each<[PanelRole, number]>([
    ['SUPPORT', 200],
    ['TECH', 200],
    ['FINANCE', 403],
    ['ADMIN', 403],
  ])('role %s answers %i', async (role, status) => {
    expect((await call(t, { url, as: { username: 'x@alpha', roles: [role] } })).statusCode).toBe(status);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t, { url })).statusCode).toBe(401);
  });

  it('releases the database when the client goes away mid-download', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const token = await t.tokenFor(support);
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: url, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve() : reject(error)));
      req.end();
    });
    // The release follows the socket's close on the server's side: on a busy machine, not within a set time.
    const pool = t.database.pool;
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 15_000 }).toBe(0);
    const again = await call(t, { url, as: support });
    expect(again.body.split('\r\n')).toHaveLength(generated + 3);
  });

  it('streams the file compressed to a browser that accepts brotli or gzip, the same file once inflated', async () => {
    const plain = await call(t, { url, as: support });
    const token = await t.tokenFor(support);
    for (const [encoding, inflate] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}`, 'accept-encoding': `${encoding}, deflate` } });
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(res.headers['content-length'], encoding).toBeUndefined();
      expect(res.headers['x-record-count'], encoding).toBe(String(generated + 1));
      expect(res.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length / 3);
      expect(inflate(res.rawPayload).toString('utf8'), encoding).toBe(plain.body);
    }
  });

  it('releases the database when a client that takes the file gzipped goes away mid-download', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const token = await t.tokenFor(support);
    const encoding = await new Promise<string | undefined>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: url, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve(res.headers['content-encoding']);
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
      req.end();
    });
    expect(encoding).toBe('gzip');
    // The release follows the socket's close on the server's side: on a busy machine, not within a set time.
    const pool = t.database.pool;
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 15_000 }).toBe(0);
  });
});

describe('CSV written by the database', () => {
  it('neutralises formulas exactly as the server does', async () => {
    for (const value of ['=1+1', '+32', '-x', '@SUM', '\tx', '\rx', "'quoted", 'a=b', 'plain', ' =x']) {
      const { rows } = await t.database.pool.query<{ text: string }>(`SELECT ${neutraliseFormulaSql('$1::text')} AS text`, [value]);
      expect(rows[0]?.text, JSON.stringify(value)).toBe(neutraliseFormula(value));
    }
  });
});

describe('Brussels time in the database', () => {
  it('writes exactly what the billing CSV writes, on both sides of both daylight-saving changes', async () => {
    const instants = [
      '2024-03-31T00:59:59Z',
      '2024-03-31T01:00:00Z',
      '2024-10-27T00:59:59Z',
      '2024-10-27T01:00:00Z',
      '2023-12-31T23:30:00Z',
      '1999-07-01T12:00:00Z',
      '2037-12-31T23:59:59Z',
    ];
    const query = `SELECT ${isoTimestampSql('$1::timestamptz')} AS text`;
    for (const instant of instants) expect(await inBrusselsSession(query, instant), instant).toBe(isoInBrussels(new Date(instant)));
  });
});

/** Runs a one-value query the way the report does: in a transaction with the Brussels session time zone. */
async function inBrusselsSession(query: string, value: string): Promise<string | undefined> {
  const client = await t.database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(brusselsSessionSql);
    return (await client.query<{ text: string }>(query, [value])).rows[0]?.text;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}
