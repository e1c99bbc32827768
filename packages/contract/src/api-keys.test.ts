import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  apiKeyCan,
  apiKeyExpiryBounds,
  apiKeyScopeCapabilities,
  apiKeyScopes,
  apiKeyStateOf,
  canonicalIpRange,
  capabilities,
  createApiKeySchema,
  fieldMessages,
  ipInRanges,
} from './index';

describe('addresses and CIDR ranges', () => {
  it('writes equal ranges alike: the network address, a full prefix as the address, IPv4-mapped as IPv4', () => {
    expect(canonicalIpRange(' 192.0.2.77/24 ')).toBe('192.0.2.0/24');
    expect(canonicalIpRange('192.0.2.1/32')).toBe('192.0.2.1');
    expect(canonicalIpRange('192.0.2.1')).toBe('192.0.2.1');
    expect(canonicalIpRange('2001:DB8:0:0:1::5/48')).toBe('2001:db8::/48');
    expect(canonicalIpRange('2001:db8::1/128')).toBe('2001:db8::1');
    expect(canonicalIpRange('::ffff:10.1.2.3/104')).toBe('10.0.0.0/8');
    expect(canonicalIpRange('0.0.0.0/0')).toBe('0.0.0.0/0');
  });

  it('refuses what is neither', () => {
    for (const text of [
      '',
      '192.0.2.0/33',
      '2001:db8::/129',
      '192.0.2.0/',
      '/24',
      '192.0.2.0/24/8',
      '192.0.2.0/-1',
      '127.1/8',
      '010.0.0.1/8',
      'example.com',
      'fe80::1%eth0/64',
      '1.2.3.4/2a',
    ]) {
      expect(canonicalIpRange(text), text).toBeNull();
    }
  });

  it('matches an address against ranges and single addresses, of its own family only', () => {
    const ranges = ['198.51.100.0/24', '2001:db8::/48', '203.0.113.9'];
    for (const ip of ['198.51.100.255', '::ffff:198.51.100.1', '2001:db8:0:ffff::1', '203.0.113.9']) expect(ipInRanges(ip, ranges), ip).toBe(true);
    for (const ip of ['198.51.101.0', '203.0.113.10', '2001:db9::1', '::ffff:203.0.113.10', 'nonsense']) expect(ipInRanges(ip, ranges), ip).toBe(false);
    expect(ipInRanges('::1', ['0.0.0.0/0'])).toBe(false);
  });
});

describe('the creation request', () => {
  const today = '2026-03-10';
  const schema = createApiKeySchema(today);
  const valid = { name: 'Sync', scopes: ['billing'], expiresOn: '2026-06-01', allowedAddresses: [] };

  it('accepts an expiry from today to 365 days ahead, leap years counted in days', () => {
    expect(apiKeyExpiryBounds(today)).toEqual({ first: today, last: '2027-03-10' });
    expect(apiKeyExpiryBounds('2027-03-10').last).toBe('2028-03-09');
    expect(addCalendarDays('2026-10-24', 2)).toBe('2026-10-26');
    for (const expiresOn of [today, '2027-03-10']) expect(schema.safeParse({ ...valid, expiresOn }).success, expiresOn).toBe(true);
    for (const expiresOn of ['2026-03-09', '2027-03-11', '2026-02-29', '2026-3-20'])
      expect(schema.safeParse({ ...valid, expiresOn }).success, expiresOn).toBe(false);
  });

  it('names each address problem by its index as sent', () => {
    const result = schema.safeParse({ ...valid, allowedAddresses: ['10.0.0.0/8', 'x', '10.9.9.9/8'] });
    expect(result.success).toBe(false);
    expect(fieldMessages(result.error!).map(({ messageKey, field }) => ({ messageKey, field }))).toEqual([
      { messageKey: 'validation.apiKeyAddress', field: 'allowedAddresses.1' },
      { messageKey: 'validation.apiKeyAddressDuplicate', field: 'allowedAddresses.2' },
    ]);
  });

  it('refuses a range of every address, which would read as a restriction and be none', () => {
    const result = schema.safeParse({ ...valid, allowedAddresses: ['192.0.2.0/24', '0.0.0.0/0', '::/0', '::ffff:0.0.0.0/96', '10.1.2.3/0', '0.0.0.0/1'] });
    expect(fieldMessages(result.error!).map(({ messageKey, field }) => ({ messageKey, field }))).toEqual([
      { messageKey: 'validation.apiKeyAddressEverywhere', field: 'allowedAddresses.1' },
      { messageKey: 'validation.apiKeyAddressEverywhere', field: 'allowedAddresses.2' },
      { messageKey: 'validation.apiKeyAddressEverywhere', field: 'allowedAddresses.3' },
      { messageKey: 'validation.apiKeyAddressEverywhere', field: 'allowedAddresses.4' },
    ]);
  });

  it('refuses a name that would read as something else in a mail or the history', () => {
    for (const name of ['Sync\nRevoked', 'Sync\u2028Revoked', 'cnys\u202e', '\u200b', 'a\tb'])
      expect(fieldMessages(schema.safeParse({ ...valid, name }).error!)[0]?.messageKey, JSON.stringify(name)).toMatch(/^validation\./);
    expect(schema.safeParse({ ...valid, name: 'Nightly sync — Zoë’s CRM' }).success).toBe(true);
  });

  it('answers the addresses in canonical form, none when none are sent', () => {
    expect(schema.parse({ ...valid, allowedAddresses: ['192.0.2.9/24'] }).allowedAddresses).toEqual(['192.0.2.0/24']);
    expect(schema.parse({ name: 'Sync', scopes: ['billing'], expiresOn: today }).allowedAddresses).toEqual([]);
  });
});

describe("a key's scopes and state", () => {
  it('grants exactly the capability of each scope, which SUPPORT, TECH or FINANCE holds, never a management one', () => {
    for (const scope of apiKeyScopes) {
      const capability = apiKeyScopeCapabilities[scope];
      expect(apiKeyCan([scope], capability)).toBe(true);
      expect(capabilities[capability].some((role) => role !== 'ADMIN')).toBe(true);
    }
    for (const capability of ['manageUsers', 'manageApiKeys', 'manageEpp', 'editContacts', 'readHistory', 'readRegistrar'] as const) {
      expect(apiKeyCan(apiKeyScopes, capability), capability).toBe(false);
    }
  });

  it('is active through its expiry day in Brussels, expired from 00:00 the next day, revoked for good', () => {
    // 2026-06-01 ends at 22:00 UTC (CEST).
    expect(apiKeyStateOf({ revokedAt: null, expiresOn: '2026-06-01' }, new Date('2026-06-01T21:59:59Z'))).toBe('active');
    expect(apiKeyStateOf({ revokedAt: null, expiresOn: '2026-06-01' }, new Date('2026-06-01T22:00:00Z'))).toBe('expired');
    expect(apiKeyStateOf({ revokedAt: '2026-05-01T10:00:00Z', expiresOn: '2026-06-01' }, new Date('2026-05-02T00:00:00Z'))).toBe('revoked');
  });
});
