import { describe, expect, it } from 'vitest';
import { shortAddress } from './keycloak-user-directory';

describe("Keycloak's sign-in addresses, as the portal shows them", () => {
  it('writes IPv6 short, as the embedded service does; IPv4 and odd values stay as they are', () => {
    expect(shortAddress('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(shortAddress('2001:db8:0:0:0:0:0:42')).toBe('2001:db8::42');
    expect(shortAddress('0:0:0:0:0:ffff:7f00:1')).toBe('::ffff:7f00:1');
    expect(shortAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(shortAddress('not:an:address')).toBe('not:an:address');
    expect(shortAddress(undefined)).toBeNull();
  });
});
