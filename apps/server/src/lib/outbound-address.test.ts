import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicUnicast, resolveOutbound, type Resolver } from './outbound-address';
import { postOutbound } from './outbound-http';

/* Never a way into the registry's network: what the webhooks' client refuses, and that it connects to the address it checked. */

describe('isPublicUnicast', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '169.254.169.254',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '100.64.0.1',
    '100.127.255.254',
    'fd12:3456:789a::1',
    'fc00::1',
    'fe80::1',
    '::1',
    '::',
    '64:ff9b::a00:1',
    '64:ff9b:1::1',
    '192.168.1.1',
    '172.16.0.1',
    '0.0.0.0',
    '224.0.0.1',
    'ff02::1',
    '255.255.255.255',
    '192.0.2.10',
    '198.51.100.1',
    '203.0.113.1',
    '198.18.0.1',
    '2001:db8::1',
    '2002:c000:0204::1',
  ])('refuses %s', (address) => expect(isPublicUnicast(address)).toBe(false));

  it.each(['8.8.8.8', '1.1.1.1', '193.190.198.10', '2a02:2c40::1', '2606:4700:4700::1111'])('admits %s', (address) =>
    expect(isPublicUnicast(address)).toBe(true),
  );
});

describe('resolveOutbound', () => {
  const resolverOf =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name that resolves to a private address, or to one among public ones', async () => {
    await expect(resolveOutbound('hooks.example.com', { resolver: resolverOf('10.0.0.5') })).rejects.toThrow(/not a public/);
    await expect(resolveOutbound('hooks.example.com', { resolver: resolverOf('8.8.8.8', '169.254.169.254') })).rejects.toThrow(/not a public/);
    await expect(resolveOutbound('localhost')).rejects.toThrow(/not a public/);
    expect(await resolveOutbound('hooks.example.com', { resolver: resolverOf('8.8.8.8') })).toEqual({ address: '8.8.8.8', family: 4 });
  });

  it('refuses literal addresses, bracketed IPv6 ones included', async () => {
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[fd00::1]', '100.64.1.1', '169.254.169.254']) {
      await expect(resolveOutbound(host), host).rejects.toThrow(/not a public/);
    }
  });
});

describe('postOutbound', () => {
  let server: Server;
  let port = 0;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request.url ?? '');
      if (request.url === '/redirect') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        return;
      }
      if (request.url === '/big') {
        response.writeHead(500);
        response.end(Buffer.alloc(200 * 1024));
        return;
      }
      if (request.url === '/slow') return; // never answers
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (url: string, options: Partial<Parameters<typeof postOutbound>[3]> = {}) =>
    postOutbound(url, '{}', {}, { allowHttpLoopback: true, timeoutMs: 500, ...options });

  it('delivers over plain http to loopback only when allowed', async () => {
    expect(await post(`http://127.0.0.1:${port}/ok`)).toMatchObject({ ok: true, statusCode: 204, error: null });
    expect(await post(`http://127.0.0.1:${port}/ok`, { allowHttpLoopback: false })).toMatchObject({ ok: false, error: 'addressRefused' });
    // https to loopback is as private as any other private address.
    expect(await post(`https://127.0.0.1:${port}/ok`)).toMatchObject({ ok: false, error: 'addressRefused' });
  });

  it('follows no redirect: a 3xx is a failed attempt, and the target is never asked', async () => {
    const before = seen.length;
    expect(await post(`http://127.0.0.1:${port}/redirect`)).toMatchObject({ ok: false, statusCode: 302, error: 'redirect' });
    expect(seen.slice(before)).toEqual(['/redirect']);
  });

  it('connects to the address it checked, not to what a name resolves to later', async () => {
    // The name resolves (once) to a private address: refused before any connection.
    const resolver: Resolver = async () => [{ address: '10.0.0.1', family: 4 }];
    expect(await post('https://hooks.example.com/x', { resolver })).toMatchObject({ ok: false, error: 'addressRefused', statusCode: null });
    // A name resolving to loopback, on plain http where allowed, reaches this receiver by the pinned address.
    const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await post(`http://receiver.test:${port}/named`, { resolver: toLoopback })).toMatchObject({ ok: true, statusCode: 204 });
    expect(seen.at(-1)).toBe('/named');
  });

  it('stops at the timeout, and reads at most 64 KB of an answer', async () => {
    expect(await post(`http://127.0.0.1:${port}/slow`, { timeoutMs: 200 })).toMatchObject({ ok: false, error: 'timeout' });
    expect(await post(`http://127.0.0.1:${port}/big`)).toMatchObject({ ok: false, statusCode: 500, error: 'answerTooLarge' });
  });
});
