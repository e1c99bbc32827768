import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksLikeIpAddress, type PanelRole } from '@registrar-panel/contract';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ipAuditAction } from './epp-ip.service';
import { listIpAddresses, replaceIpAddresses } from './epp.repository';
import { addUser, auditRows, ipUrl, passwordRequiredUrl, passwordUrl } from './epp.test-support';

let t: TestApp;
const tech = { username: 'tech@alpha', roles: ['TECH'] as PanelRole[], firstName: 'Carla', lastName: 'Tech' };

async function save(ipAddresses: unknown[], as: { username: string; roles?: PanelRole[] } = tech) {
  return call(t, { method: 'PUT', url: ipUrl, as, body: { ipAddresses } });
}

const addresses = (count: number, prefix = '10.0') => Array.from({ length: count }, (_, i) => `${prefix}.${Math.floor(i / 256)}.${i % 256}`);

async function saved(handle: string) {
  return listIpAddresses(t.database.db, handle);
}

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha', techContact: { name: 'Tech Contact', email: 'noc@alpha.example', phone: '+32.21234568' } });
  await createRegistrar(t.database.db, { handle: 'bravo' });
  await createRegistrar(t.database.db, { handle: 'icannsla' });
  await addUser(t, 'admin@alpha', ['ADMIN'], 'Admin@Alpha.example');
  await addUser(t, 'boss@alpha', ['ADMIN', 'SUPPORT']);
  // The same mailbox as the technical contact: it gets one mail, not two.
  await addUser(t, 'noc@alpha', ['ADMIN'], 'NOC@alpha.example');
  await addUser(t, 'tech@alpha', ['TECH']);
  await addUser(t, 'support@alpha', ['SUPPORT']);
  await addUser(t, 'admin@bravo', ['ADMIN']);
});
afterAll(async () => t?.close());

describe('who may read and change the EPP settings', () => {
  const endpoints: [method: 'GET' | 'PUT', url: string, body?: unknown][] = [
    ['GET', ipUrl],
    ['PUT', ipUrl, { ipAddresses: ['192.0.2.1'] }],
    ['GET', passwordRequiredUrl],
    ['PUT', passwordUrl, { newPassword: 'Fine Secret 42!' }],
  ];

  it.each(endpoints)('%s %s answers 401 without a token', async (method, url, body) => {
    const res = await call(t, { method, url, body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      data: null,
      messages: [{ messageKey: 'error.unauthorized', defaultMessage: 'Your session has ended. Please sign in again.' }],
    });
  });

  it.each(endpoints)('%s %s answers 403 to SUPPORT and FINANCE users, and changes nothing', async (method, url, body) => {
    for (const roles of [['SUPPORT'], ['FINANCE'], ['SUPPORT', 'FINANCE'], []] as PanelRole[][]) {
      const res = await call(t, { method, url, body, as: { username: 'support@alpha', roles } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ data: null, messages: [{ messageKey: 'error.forbidden', defaultMessage: 'You are not allowed to do this.' }] });
    }
    expect(await saved('alpha')).toEqual([]);
    expect((await call(t, { url: passwordRequiredUrl, as: tech })).json()).toEqual({ data: { value: false }, messages: [] });
  });

  it('lets TECH and ADMIN users read the list', async () => {
    for (const roles of [['TECH'], ['ADMIN'], ['SUPPORT', 'TECH']] as PanelRole[][]) {
      const res = await call(t, { url: ipUrl, as: { username: 'someone@alpha', roles } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers 404 to a token of a registrar that does not exist', async () => {
    const res = await call(t, { url: ipUrl, as: { username: 'tech@nowhere', roles: ['TECH'] } });
    expect(res.statusCode).toBe(404);
    expect((await save(['192.0.2.1'], { username: 'tech@nowhere', roles: ['TECH'] })).statusCode).toBe(404);
  });
});

describe('reading and saving the allow-list', () => {
  it('starts empty and keeps IPv4 addresses in the order given', async () => {
    expect((await call(t, { url: ipUrl, as: { username: 'tech@bravo', roles: ['TECH'] } })).json()).toEqual({ data: { ipAddresses: [] }, messages: [] });
    const res = await save(['198.51.100.7', '192.0.2.1', '0.0.0.0', '255.255.255.255']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ipAddresses: ['198.51.100.7', '192.0.2.1', '0.0.0.0', '255.255.255.255'] }, messages: [] });
    expect((await call(t, { url: ipUrl, as: tech })).json()).toEqual({
      data: { ipAddresses: ['198.51.100.7', '192.0.2.1', '0.0.0.0', '255.255.255.255'] },
      messages: [],
    });
  });

  it.each([
    ['2001:db8::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['fe80::', 'fe80::'],
    ['::1', '::1'],
    ['::', '::'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:C000:0201', '192.0.2.1'],
    [' 2001:db8::a ', '2001:db8::a'],
  ])('stores the IPv6 address %s as %s', async (sent, stored) => {
    const res = await save([sent]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ipAddresses: [stored] }, messages: [] });
    expect(await saved('alpha')).toEqual([stored]);
  });

  it('drops empty entries, and answers field messages with the index of the entry as sent', async () => {
    expect((await save(['', '192.0.2.1', '   ', '2001:db8::1', ''])).json()).toEqual({ data: { ipAddresses: ['192.0.2.1', '2001:db8::1'] }, messages: [] });
    const res = await save(['', 'not an address', '192.0.2.9']);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([{ messageKey: 'validation.ipAddress', defaultMessage: ' Invalid characters were used.', field: 'ipAddresses.1' }]);
  });

  it.each([
    '1.2.3',
    '1.2.3.4.5',
    '256.1.1.1',
    '1.2.3.04',
    '127.1',
    '0x7f.0.0.1',
    'abc',
    'example.be',
    '192.0.2.0/24',
    '2001:db8::1/64',
    'fe80::1%eth0',
    '-1.2.3.4',
  ])('refuses %j as no IP address', async (entry) => {
    const res = await save(['192.0.2.200', entry]);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([{ messageKey: 'validation.ipAddress', defaultMessage: ' Invalid characters were used.', field: 'ipAddresses.1' }]);
  });

  it.each(['1::2::3', ':::', '12345::1', '2001:db8:0:0:0:0:0:0:1', '::ffff:1.2.3.256', '1.2.3.4:', ':1.2.3.4', 'abcd'.padEnd(50, ':')])(
    'refuses %j, which the browser pattern lets through, after parsing it',
    async (entry) => {
      expect(looksLikeIpAddress(entry)).toBe(true);
      const res = await save([entry]);
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual([{ messageKey: 'validation.ipAddress', defaultMessage: ' Invalid characters were used.', field: 'ipAddresses.0' }]);
    },
  );

  it('refuses a list that is not a list of texts', async () => {
    for (const body of [{}, { ipAddresses: '192.0.2.1' }, { ipAddresses: [1] }, { ipAddresses: new Array(1001).fill('') }]) {
      const res = await call(t, { method: 'PUT', url: ipUrl, as: tech, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        data: null,
        messages: [expect.objectContaining({ messageKey: expect.any(String), defaultMessage: expect.any(String) })],
      });
    }
  });
});

describe('duplicates', () => {
  it.each([
    [['2001:db8::1', '192.0.2.1', '2001:0db8:0:0:0:0:0:1'], 2],
    [['2001:DB8::1', '2001:db8::1'], 1],
    [['192.0.2.1', '::ffff:192.0.2.1'], 1],
    [['::ffff:c000:201', '192.0.2.1'], 1],
    [['192.0.2.1', ' 192.0.2.1'], 1],
  ])('marks the later of %j as a duplicate', async (list, index) => {
    await save(['203.0.113.1']);
    const res = await save(list);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([
      { messageKey: 'validation.ipAddressDuplicate', defaultMessage: ' This ipAddress already exists.', field: `ipAddresses.${index}` },
    ]);
    expect(await saved('alpha')).toEqual(['203.0.113.1']);
  });

  it('reports every bad entry at once', async () => {
    const res = await save(['192.0.2.1', 'x', '192.0.2.1', '', '2001:db8::1', '2001:db8:0::1']);
    expect(messagesOf(res).map((m) => [m.messageKey, m.field])).toEqual([
      ['validation.ipAddress', 'ipAddresses.1'],
      ['validation.ipAddressDuplicate', 'ipAddresses.2'],
      ['validation.ipAddressDuplicate', 'ipAddresses.5'],
    ]);
  });
});

describe('how many addresses a registrar may keep', () => {
  it('allows 10 addresses, not 11; empty entries and refused duplicates do not count', async () => {
    expect((await save(addresses(10))).statusCode).toBe(200);
    expect(await saved('alpha')).toHaveLength(10);
    expect((await save([...addresses(10), '', ' '])).statusCode).toBe(200);
    const res = await save(addresses(11));
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([
      { messageKey: 'validation.ipAddressTooMany', defaultMessage: 'Too many IP addresses. The maximum is 10.', field: 'ipAddresses', params: { max: 10 } },
    ]);
    expect(await saved('alpha')).toEqual(addresses(10));
  });

  it('allows 100 addresses, not 101, when the username contains @icannsla', async () => {
    const sla = { username: 'tech@icannsla', roles: ['TECH'] as PanelRole[] };
    expect((await save(addresses(100), sla)).statusCode).toBe(200);
    expect(await saved('icannsla')).toEqual(addresses(100));
    const res = await save(addresses(101), sla);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([expect.objectContaining({ messageKey: 'validation.ipAddressTooMany', params: { max: 100 } })]);
    expect(await saved('icannsla')).toHaveLength(100);
  });
});

describe('saving is atomic', () => {
  it('keeps the saved list when one entry of the new list is refused', async () => {
    await save(['192.0.2.1', '192.0.2.2']);
    expect((await save(['198.51.100.1', 'bad', '198.51.100.2'])).statusCode).toBe(400);
    expect(await saved('alpha')).toEqual(['192.0.2.1', '192.0.2.2']);
  });

  it('keeps the saved list when writing fails half-way through the transaction', async () => {
    await save(['192.0.2.1', '192.0.2.2']);
    // Two equal rows break the primary key after the old rows are already deleted.
    await expect(t.database.db.transaction((tx) => replaceIpAddresses(tx, 'alpha', ['198.51.100.1', '198.51.100.1']))).rejects.toThrow();
    expect(await saved('alpha')).toEqual(['192.0.2.1', '192.0.2.2']);
  });

  it('keeps the saved list, and mails no one, when the audit trail cannot be written', async () => {
    await save(['192.0.2.1']);
    await t.newMail();
    await t.database.db.execute(sql`ALTER TABLE audit_events RENAME TO audit_events_away`);
    try {
      const res = await save(['198.51.100.1']);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ data: null, messages: [{ messageKey: 'error.internal', defaultMessage: 'An internal error occurred.' }] });
    } finally {
      await t.database.db.execute(sql`ALTER TABLE audit_events_away RENAME TO audit_events`);
    }
    expect(await saved('alpha')).toEqual(['192.0.2.1']);
    expect(await t.newMail()).toEqual([]);
  });

  it('applies concurrent saves one after the other, never mixing two lists', async () => {
    const lists = [addresses(10, '10.1'), addresses(10, '10.2'), addresses(10, '10.3'), addresses(10, '10.4')];
    const answers = await Promise.all(lists.map((list) => save(list)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(lists).toContainEqual(await saved('alpha'));
  });
});

describe('another registrar', () => {
  it('reads and writes only its own list', async () => {
    await save(['192.0.2.77']);
    const bravo = { username: 'tech@bravo', roles: ['TECH'] as PanelRole[] };
    expect((await call(t, { url: ipUrl, as: bravo })).json()).toEqual({ data: { ipAddresses: [] }, messages: [] });
    // The same address may be on two registrars' lists.
    expect((await save(['192.0.2.77', '198.51.100.9'], bravo)).statusCode).toBe(200);
    expect(await saved('alpha')).toEqual(['192.0.2.77']);
    expect(await saved('bravo')).toEqual(['192.0.2.77', '198.51.100.9']);
    expect((await save([], bravo)).statusCode).toBe(200);
    expect(await saved('alpha')).toEqual(['192.0.2.77']);
  });
});

describe('audit trail and security notification', () => {
  it('records who changed what, from where, and mails the technical contact and the ADMIN users', async () => {
    await save(['192.0.2.1', '192.0.2.2']);
    const auditsBefore = (await auditRows(t, ipAuditAction)).length;
    await t.newMail();
    const res = await call(t, { method: 'PUT', url: ipUrl, as: tech, body: { ipAddresses: ['192.0.2.2', '2001:0DB8::5'] }, remoteAddress: '203.0.113.45' });
    expect(res.statusCode).toBe(200);

    const audits = await auditRows(t, ipAuditAction);
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)).toMatchObject({
      registrarHandle: 'alpha',
      username: 'tech@alpha',
      ip: '203.0.113.45',
      details: { before: ['192.0.2.1', '192.0.2.2'], after: ['192.0.2.2', '2001:db8::5'] },
    });

    const mails = await t.newMail();
    expect(mails.map((mail) => mail.to).sort()).toEqual(['Admin@Alpha.example', 'boss.alpha@mail.example', 'noc@alpha.example']);
    const [mail] = mails;
    expect(mail?.subject).toBe('EPP allowed IP addresses changed for registrar alpha');
    expect(mail?.text).toContain('Added: 2001:db8::5');
    expect(mail?.text).toContain('Removed: 192.0.2.1');
    expect(mail?.text).toContain('Allowed IP addresses now: 192.0.2.2, 2001:db8::5');
    expect(mail?.text).toContain('Changed by: Carla Tech (tech@alpha)');
    expect(mail?.text).toMatch(/When: \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} CES?T/);
    expect(mail?.text).toContain('From IP address: 203.0.113.45');
    expect(new Set(mails.map((m) => m.text)).size).toBe(1);
  });

  it('warns in the mail when no address is left', async () => {
    await save(['192.0.2.1']);
    await t.newMail();
    expect((await save([''])).json()).toEqual({ data: { ipAddresses: [] }, messages: [] });
    expect((await t.newMail())[0]?.text).toContain('Allowed IP addresses now: none. No EPP client can connect until addresses are added.');
  });

  it('writes nothing and mails no one when the list did not change', async () => {
    await save(['192.0.2.1', '2001:db8::1']);
    const auditsBefore = (await auditRows(t, ipAuditAction)).length;
    await t.newMail();
    expect((await save(['192.0.2.1', '2001:0db8:0::1', ''])).statusCode).toBe(200);
    expect(await auditRows(t, ipAuditAction)).toHaveLength(auditsBefore);
    expect(await t.newMail()).toEqual([]);
  });
});
