import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelRole } from '@registrar-panel/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { brotliWindowBits, compressionThreshold } from './compression';

/*
 * Text answers compressed as the browser accepts (brotli first, then gzip) above a size threshold.
 * The streamed CSV report is tested with its route (modules/registrar/report.test.ts), the web app's
 * precompressed files with theirs (web-app.test.ts).
 */

let t: TestApp;
let token: string;
const user = { username: 'admin@alpha', roles: ['ADMIN'] as PanelRole[] };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor(user);
});
afterAll(async () => t.close());

const countries = (acceptEncoding?: string) =>
  t.app.inject({ url: '/services/country', headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('compression', () => {
  it('compresses API JSON above the threshold with brotli, or gzip for a browser without it, and says it varies', async () => {
    const plain = await countries();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThreshold);

    const brotli = await countries('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await countries('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('compresses with brotli in a 256 KB window, so that a long download holds little memory', async () => {
    const [first = 0] = (await countries('br')).rawPayload;
    // A brotli stream opens with its window (RFC 7932, 9.1): bit 0 set, then three bits n for 17 + n.
    expect(first & 1).toBe(1);
    expect(17 + ((first >> 1) & 7)).toBe(brotliWindowBits);
    expect(2 ** brotliWindowBits).toBe(256 * 1024);
  });

  it('sends a small answer as it is', async () => {
    const res = await t.app.inject({ url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.rawPayload.length).toBeLessThan(compressionThreshold);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the identity service’s stylesheet', async () => {
    const css = await t.app.inject({ url: '/auth/realms/registrar-panel/resources/identity.css', headers: { 'accept-encoding': 'br' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBe('br');
  });
});
