import { describe, expect, it } from 'vitest';
import { cameThroughProxy, fastifyTrustProxy, isLoopbackAddress, isLoopbackHostname, parseTrustProxy } from './addresses';

describe('parseTrustProxy', () => {
  it('is off when unset, empty, false or 0', () => {
    for (const value of [undefined, '', ' ', 'false', '0']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('reads a hop count, or addresses, CIDR ranges and named ranges', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.2 ,10.1.0.0/16, 2001:db8::/32, loopback ')).toEqual(['10.0.0.2', '10.1.0.0/16', '2001:db8::/32', 'loopback']);
  });

  it("refuses 'true' (anyone) and what is not an address", () => {
    expect(() => parseTrustProxy('true')).toThrow(/any client/);
    for (const bad of ['proxy.internal', '127.1', '10.0.0.0/33', '10.0.0.1,', '*']) expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('fastifyTrustProxy', () => {
  it('trusts exactly the given number of hops nearest the portal', () => {
    const trust = fastifyTrustProxy(2);
    if (typeof trust !== 'function') throw new Error('a hop count becomes a function');
    expect([0, 1, 2].map((hop) => trust('198.51.100.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.2'])).toEqual(['10.0.0.2']);
  });
});

describe('loopback', () => {
  it('knows the addresses of this machine, IPv4-mapped ones included', () => {
    for (const address of ['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', 'localhost']) expect(isLoopbackAddress(address), address).toBe(false);
  });

  it('knows the host names that can only mean this machine', () => {
    for (const name of ['localhost', 'LOCALHOST', 'portal.localhost', '127.0.0.1', '[::1]']) expect(isLoopbackHostname(name), name).toBe(true);
    for (const name of ['portal.example', 'localhost.example', '10.0.0.1', '[2001:db8::1]']) expect(isLoopbackHostname(name), name).toBe(false);
  });
});

describe('cameThroughProxy', () => {
  it("sees any proxy's forwarding header", () => {
    expect(cameThroughProxy({ host: 'portal.test' })).toBe(false);
    for (const name of ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'via'])
      expect(cameThroughProxy({ [name]: 'x' }), name).toBe(true);
  });
});
