import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { webApp } from './web-app';

/*
 * The built web app: served for every page whatever the Accept header, and a page opened at
 * another name of the server (127.0.0.1 for localhost) is sent to PUBLIC_URL, where sign-in works.
 */

let t: TestApp;
let distDir: string;
const indexHtml = '<!doctype html><title>Registrar Panel</title><div id="root"></div>';

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'rp-web-app-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), indexHtml);
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  // As the build writes them (apps/web/vite.config.ts): compressed copies beside the files, and a map.
  writeFileSync(join(distDir, 'index.html.br'), brotliCompressSync(indexHtml));
  writeFileSync(join(distDir, 'index.html.gz'), gzipSync(indexHtml));
  writeFileSync(join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app");'));
  writeFileSync(join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log("app");'));
  writeFileSync(join(distDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["main.tsx"],"mappings":""}');
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ publicUrl: 'http://localhost:8080', webDistDir: distDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const atPublicHost = { host: 'localhost:8080' };
const atLoopbackIp = { host: '127.0.0.1:8080' };

describe('pages of the app', () => {
  it('serves the app for / and for app routes whatever the Accept header', async () => {
    for (const accept of [undefined, '*/*', 'application/json']) {
      for (const url of ['/', '/registrar/generalData', '/registrations/registration/example.be/view']) {
        const res = await t.app.inject({ url, headers: { ...atPublicHost, ...(accept ? { accept } : {}) } });
        expect(res.statusCode, `${url} with Accept ${accept}`).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toBe(indexHtml);
      }
    }
  });

  it('serves built files, and answers 404 for a file that does not exist instead of the page', async () => {
    const file = await t.app.inject({ url: '/assets/index-abc123.js', headers: atPublicHost });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('console.log');
    const stale = await t.app.inject({ url: '/assets/index-old999.js', headers: { ...atPublicHost, accept: '*/*' } });
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toMatchObject({ data: null, messages: [{ messageKey: 'error.notFound' }] });
  });

  it('keeps answering JSON for API and identity paths, even to a browser', async () => {
    for (const url of ['/services/nothing-here', '/auth/nothing-here']) {
      const res = await t.app.inject({ url, headers: { ...atPublicHost, accept: 'text/html' } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });
});

describe('another name of the server', () => {
  it("redirects a page request to PUBLIC_URL's host with the same path and query", async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/registrations/search?domainName=example', headers: { ...atLoopbackIp, accept: 'text/html' } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('http://localhost:8080/registrations/search?domainName=example');
    }
    const root = await t.app.inject({ url: '/', headers: { host: 'LOCALHOST:8080' } });
    expect(root.statusCode).toBe(200);
  });

  it('never redirects the API, health checks, the identity service, the configuration or files', async () => {
    for (const url of [
      '/services/config',
      '/health',
      '/auth/realms/registrar-panel/.well-known/openid-configuration',
      '/auth/realms/other/.well-known/openid-configuration',
      '/assets/config/config.json',
      '/assets/index-abc123.js',
    ]) {
      const res = await t.app.inject({ url, headers: { ...atLoopbackIp, accept: 'text/html' } });
      expect(res.statusCode, url).not.toBe(302);
    }
    const post = await t.app.inject({ method: 'POST', url: '/', headers: atLoopbackIp });
    expect(post.statusCode).not.toBe(302);
  });

  it('leaves a request that came through a proxy alone (the proxy owns the public names)', async () => {
    const res = await t.app.inject({
      url: '/registrar/generalData',
      headers: { host: '10.0.0.5:8080', 'x-forwarded-for': '198.51.100.7', accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(indexHtml);
  });
});

describe('files as the build wrote them', () => {
  it('sends the copy the browser can take: brotli, else gzip, else the file itself, saying that it varies', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      [undefined, undefined],
    ] as const) {
      for (const url of ['/assets/index-abc123.js', '/', '/registrar/generalData']) {
        const res = await t.app.inject({ url, headers: { ...atPublicHost, ...(accept ? { 'accept-encoding': accept } : {}) } });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(res.headers['content-type'], `${url} ${accept}`).toMatch(url.endsWith('.js') ? /javascript/ : /text\/html/);
        expect(String(res.headers.vary), `${url} ${accept}`).toMatch(/accept-encoding/i);
      }
    }
  });

  it('caches hashed assets for good and has the page and the other files revalidated', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js', headers: { ...atPublicHost, 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/registrar/generalData', '/favicon.svg']) {
      const res = await t.app.inject({ url, headers: { ...atPublicHost, 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag ?? res.headers['last-modified'], url).toBeDefined();
    }
  });

  it('answers 404 for a source map and names none, unless WEB_SOURCE_MAPS is on', async () => {
    const map = await t.app.inject({ url: '/assets/index-abc123.js.map', headers: atPublicHost });
    expect(map.statusCode).toBe(404);
    const script = await t.app.inject({ url: '/assets/index-abc123.js', headers: atPublicHost });
    expect(script.headers.sourcemap).toBeUndefined();
  });

  it('with source maps on, serves them and names each in a SourceMap header', async () => {
    const app = Fastify();
    await app.register(webApp, { distDir, publicUrl: 'http://localhost:8080', identityUrl: 'http://localhost:8080/auth', sourceMaps: true });
    try {
      const script = await app.inject({ url: '/assets/index-abc123.js', headers: { ...atPublicHost, 'accept-encoding': 'br' } });
      expect(script.headers.sourcemap).toBe('/assets/index-abc123.js.map');
      const map = await app.inject({ url: '/assets/index-abc123.js.map', headers: atPublicHost });
      expect(map.statusCode).toBe(200);
      expect(map.json()).toMatchObject({ version: 3 });
    } finally {
      await app.close();
    }
  });
});
