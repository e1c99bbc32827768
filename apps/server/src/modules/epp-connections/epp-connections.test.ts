import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brusselsDay, type EppConnectionsResponse, type PanelRole } from '@registrar-panel/contract';
import { applyLines, lines, numbered } from '../../feed/feed.test-support';
import { readPosition } from '../../feed/position';
import { replaceIpAddresses } from '../epp/epp.repository';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

const url = '/services/registrar/epp/connections';
const tech = { username: 'tech@alpha', roles: ['TECH'] as PanelRole[] };
const bravoTech = { username: 'tech@bravo', roles: ['TECH'] as PanelRole[] };
const primary = 'a1'.repeat(32);
const failover = 'f0'.repeat(32);
const retired = '0d'.repeat(32);
const bravoPrimary = 'b2'.repeat(32);

let t: TestApp;
const now = new Date();
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

async function feed(values: Record<string, unknown>[]) {
  const result = await applyLines(t.database, numbered(values, (await readPosition(t.database.pool)) + 1));
  expect(result.rejects).toEqual([]);
}

async function certificate(handle: string, slot: string, fingerprint: string) {
  await t.database.db.execute(sql`
    INSERT INTO epp_client_certificates (registrar_handle, slot, pem, fingerprint, subject, issuer, serial, key_type, key_size, signature_algorithm, not_before, not_after, uploaded_by)
    VALUES (${handle}, ${slot}, 'PEM', ${fingerprint}, 'CN=x', 'CN=ca', '01', 'RSA', 2048, 'sha256WithRSAEncryption', now() - interval '1 day', now() + interval '300 days', ${`tech@${handle}`})`);
}

async function read(as = tech): Promise<EppConnectionsResponse> {
  const res = await call(t, { url, as });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: EppConnectionsResponse }>().data;
}

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createRegistrar(t.database.db, { handle: 'bravo' });
  await replaceIpAddresses(t.database.db, 'alpha', ['192.0.2.10', '2001:db8::10', '198.51.100.1']);
  await replaceIpAddresses(t.database.db, 'bravo', ['203.0.113.7']);
  await certificate('alpha', 'primary', primary);
  await certificate('alpha', 'failover', failover);
  await certificate('bravo', 'primary', bravoPrimary);
  const refusal = (id: number, hours: number, reason: string, extra: Record<string, unknown> = {}) =>
    lines.connection(id, 'alpha', ago(hours), { outcome: 'refused', reason, fingerprint: primary, ...extra });
  await feed([
    lines.connection(1, 'alpha', ago(24 * 40), { address: '2001:db8::10', fingerprint: primary }),
    lines.connection(2, 'alpha', ago(50), { fingerprint: primary }),
    lines.connection(3, 'alpha', ago(30), { fingerprint: primary }),
    refusal(4, 26, 'badCertificate', { fingerprint: retired }),
    ...Array.from({ length: 22 }, (_, i) => refusal(10 + i, 25 - i, 'badPassword')),
    refusal(40, 2, 'addressNotAllowed', { address: '203.0.113.7' }),
    // Another registrar's connections: from alpha's own address, with alpha's fingerprint, and later than all of alpha's.
    lines.connection(50, 'bravo', ago(1), { address: '192.0.2.10', fingerprint: primary }),
    lines.connection(51, 'bravo', ago(1), { address: '203.0.113.7', outcome: 'refused', reason: 'sessionLimit', fingerprint: bravoPrimary }),
  ]);
});
afterAll(async () => t?.close());

describe('who may read the EPP connections', () => {
  it('answers 401 without a token, 403 to SUPPORT and FINANCE users, 404 for a registrar that does not exist', async () => {
    expect((await call(t, { url })).statusCode).toBe(401);
    for (const roles of [['SUPPORT'], ['FINANCE'], []] as PanelRole[][]) {
      expect((await call(t, { url, as: { username: 'someone@alpha', roles } })).statusCode).toBe(403);
    }
    expect((await call(t, { url, as: { username: 'tech@nowhere', roles: ['TECH'] } })).statusCode).toBe(404);
    expect((await call(t, { url, as: { username: 'admin@alpha', roles: ['ADMIN'] } })).statusCode).toBe(200);
  });
});

describe('the connections section', () => {
  it('shows the last success and the last 20 refusals newest first, each with its reason, slot and whether its address is listed', async () => {
    const data = await read();
    expect(data.lastSuccess).toEqual({
      at: ago(30).toISOString(),
      address: '192.0.2.10',
      outcome: 'success',
      reason: null,
      fingerprint: primary,
      slot: 'primary',
      addressAllowed: true,
    });
    expect(data.refused).toHaveLength(20);
    expect(data.refused[0]).toEqual({
      at: ago(2).toISOString(),
      address: '203.0.113.7',
      outcome: 'refused',
      reason: 'addressNotAllowed',
      fingerprint: primary,
      slot: 'primary',
      addressAllowed: false,
    });
    expect(data.refused.slice(1).every((r) => r.reason === 'badPassword')).toBe(true);
    expect(data.refused.map((r) => r.at)).toEqual([...data.refused.map((r) => r.at)].sort().reverse());
  });

  it('gives each allow-listed address its last success, marking those unused for 90 days', async () => {
    expect((await read()).addresses).toEqual([
      { address: '192.0.2.10', lastUsedAt: ago(30).toISOString(), unused: false },
      { address: '2001:db8::10', lastUsedAt: ago(24 * 40).toISOString(), unused: false },
      { address: '198.51.100.1', lastUsedAt: null, unused: true },
    ]);
  });

  it('says which certificate slot was used: the failover never, and a certificate no longer on file', async () => {
    const today = brusselsDay(now);
    const { certificates } = await read();
    expect(certificates[0]).toMatchObject({ slot: 'primary', fingerprint: primary, successes: 2, refused: 23 });
    expect(brusselsDay(ago(30)) <= certificates[0]!.lastUsedOn! && certificates[0]!.lastUsedOn! <= today).toBe(true);
    expect(certificates[1]).toEqual({ slot: 'failover', fingerprint: failover, lastUsedOn: null, successes: 0, refused: 0 });
    expect(certificates[2]).toEqual({ slot: null, fingerprint: null, lastUsedOn: null, successes: 0, refused: 1 });
  });

  it('counts per Brussels day for 30 days, today last, days without connections at 0', async () => {
    const { days } = await read();
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.day).toBe(brusselsDay(now));
    expect(days.reduce((sum, d) => sum + d.successes, 0)).toBe(2);
    expect(days.reduce((sum, d) => sum + d.refused, 0)).toBe(24);
    expect(days.some((d) => d.successes === 0 && d.refused === 0)).toBe(true);
  });

  it("shows another registrar only its own: bravo sees neither alpha's connections nor alpha's certificates", async () => {
    const data = await read(bravoTech);
    expect(data.lastSuccess).toMatchObject({ address: '192.0.2.10', slot: null, addressAllowed: false });
    expect(data.refused).toEqual([expect.objectContaining({ reason: 'sessionLimit', slot: 'primary', addressAllowed: true })]);
    expect(data.addresses).toEqual([{ address: '203.0.113.7', lastUsedAt: null, unused: true }]);
    expect(data.certificates.map((c) => [c.slot, c.fingerprint, c.successes, c.refused])).toEqual([
      ['primary', bravoPrimary, 0, 1],
      ['failover', null, 0, 0],
      [null, null, 1, 0],
    ]);
    // A certificate no longer on file still says when it last worked.
    expect(data.certificates[2]!.lastUsedOn).toBe(brusselsDay(ago(1)));
    expect(data.days.reduce((sum, d) => sum + d.successes + d.refused, 0)).toBe(2);
  });
});
