import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { signIn } from './support/sign-in';
import { responsesDuring } from './support/responses';

/*
 * The web app's weight and speed as a browser sees it (docs/decisions.md "Web weight and
 * speed"): the way to the sign-in page without the app, compressed and cached answers, no source map
 * by default, a small stylesheet for the sign-in pages, pages loaded as chunks of their own.
 * `npm run bench:web` measures the figures; this file holds the behaviour.
 */
let browser: Browser;

/** The entry script that index.html names: all of the app a visitor without a session should load. */
async function entryScript(): Promise<string> {
  const html = await (await fetch(`${baseUrl()}/`, { headers: { accept: 'text/html' } })).text();
  const src = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no module script');
  return src;
}

const pathOf = (response: Response) => new URL(response.url()).pathname;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the way to sign in', () => {
  it('reaches the sign-in page after the configuration, having loaded the entry and the OpenID Connect client only: not the app, nor its styles', async () => {
    const entry = await entryScript();
    const page = await newPage(browser);
    try {
      const responses = await responsesDuring(page, async () => {
        await page.goto('/registrar/generalData');
        await page.getByLabel('Username').waitFor();
      });
      const portalScripts = responses.filter((response) => response.request().resourceType() === 'script' && !pathOf(response).startsWith('/auth/'));
      const scriptPaths = portalScripts.map(pathOf);
      expect(scriptPaths[0]).toBe(entry);
      expect(scriptPaths.some((path) => /\/assets\/oidc-client-[\w-]+\.js$/.test(path))).toBe(true);
      for (const path of scriptPaths) expect(path).not.toMatch(/\/assets\/(?:app|react|router)-[\w-]+\.js$/);
      let scriptBytes = 0;
      for (const response of portalScripts) scriptBytes += Number(response.headers()['content-length'] ?? (await response.body()).length);
      expect(scriptBytes, 'bytes of script on the way to sign in').toBeLessThan(30 * 1024);
      const portalStyles = responses.filter((response) => response.request().resourceType() === 'stylesheet' && !pathOf(response).startsWith('/auth/'));
      expect(portalStyles.map(pathOf)).toEqual([]);
      const paths = responses.map(pathOf);
      const config = paths.indexOf('/assets/config/config.json');
      const authorize = paths.findIndex((path) => /\/auth\/realms\/[^/]+\/protocol\/openid-connect\/auth$/.test(path));
      expect(config).toBeGreaterThanOrEqual(0);
      expect(authorize).toBeGreaterThan(config);
      expect(new URL(page.url()).pathname).toMatch(/^\/auth\//);
    } finally {
      await page.context().close();
    }
  });

  it('gives the sign-in pages one small stylesheet of their own, not Bootstrap', async () => {
    const page = await newPage(browser);
    try {
      const responses = await responsesDuring(page, async () => {
        await page.goto('/');
        await page.getByLabel('Username').waitFor();
      });
      const styles = responses.filter((response) => response.request().resourceType() === 'stylesheet');
      expect(styles.map(pathOf)).toEqual([expect.stringMatching(/^\/auth\/realms\/[^/]+\/resources\/identity\.css$/)]);
      const css = await styles[0]!.body();
      expect(css.length).toBeLessThan(10 * 1024);
      expect(styles[0]!.headers()['content-encoding']).toBe('br');
      // Still the portal's look: Bootstrap's primary button on the portal's navy header.
      const button = await page.getByRole('button', { name: 'Sign in' }).evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(button).toBe('rgb(13, 110, 253)');
      const header = await page.locator('header').evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(header).toBe('rgb(15, 39, 71)');
    } finally {
      await page.context().close();
    }
  });
});

describe('signed in', () => {
  let page: Page;
  let responses: Response[];

  beforeAll(async () => {
    page = await newPage(browser);
    await signIn(page, 'admin@acme');
    // The landing page's own chunks still arrive after the shell shows: counted here, they doubled
    // the page's scripts once in CI.
    await page.locator('#main-content h1').first().waitFor();
    responses = await responsesDuring(page, async () => {
      await page.goto('/registrar/generalData');
      await page.locator('#main-content h1').first().waitFor();
      await page.waitForLoadState('networkidle');
    });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('gets the page, scripts and stylesheets compressed with brotli, the built files cached for good and the page revalidated', async () => {
    const document = responses.find((response) => response.request().resourceType() === 'document');
    expect(document?.headers()['content-encoding']).toBe('br');
    expect(document?.headers()['cache-control']).toBe('no-cache');
    const built = responses.filter((response) => pathOf(response).startsWith('/assets/') && /\.(?:js|css)$/.test(pathOf(response)));
    expect(built.length).toBeGreaterThan(3);
    for (const response of built) {
      const headers = response.headers();
      expect(headers['content-encoding'], pathOf(response)).toBe('br');
      expect(headers['cache-control'], pathOf(response)).toBe('public, max-age=31536000, immutable');
      expect(headers.sourcemap, pathOf(response)).toBeUndefined();
    }
  });

  // Before the next test navigates: the bodies are read while the page that asked for them is open.
  it('gets API answers above 1 KB compressed', async () => {
    const api = responses.filter((response) => pathOf(response).startsWith('/services/') && response.request().method() === 'GET' && response.status() === 200);
    expect(api.length).toBeGreaterThan(0);
    let large = 0;
    for (const response of api) {
      // Chromium may already have dropped a body it buffered long ago (it did once in CI); such an answer is skipped.
      const body = await response.body().catch(() => null);
      if (body === null || body.length <= 1024) continue;
      large++;
      expect(response.headers()['content-encoding'], pathOf(response)).toMatch(/^(?:br|gzip)$/);
    }
    expect(large).toBeGreaterThan(0);
  });

  it('loads the page itself as a chunk of its own, after the app, and another page’s chunks only when it opens', async () => {
    // From the page's own document on: nothing the signed-in landing page still asked for counts.
    const documentAt = responses.findIndex((response) => response.request().resourceType() === 'document');
    expect(documentAt).toBeGreaterThanOrEqual(0);
    const scripts = responses
      .slice(documentAt)
      .filter((response) => response.request().resourceType() === 'script')
      .map(pathOf);
    expect(scripts.some((path) => /\/assets\/app-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/assets\/general-data-[\w-]+\.js$/.test(path))).toBe(true);
    // What the pages share comes in a few chunks (apps/web/chunking.ts), not dozens of 1-KB ones
    // that a phone fetches a round trip at a time: 57 scripts before they were grouped, 16 after.
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(20);
    const users = await responsesDuring(page, async () => {
      await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Users' }).click();
      await page.waitForURL('**/users');
      // The address changes at once; the previous page stays until the new one's chunks are in.
      await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    });
    const usersScripts = users.filter((response) => response.request().resourceType() === 'script').map(pathOf);
    expect(usersScripts.filter((path) => !scripts.includes(path)).length).toBeGreaterThan(0);
  });
});

describe('source maps', () => {
  it('are not served to browsers by default, nor named in the scripts', async () => {
    const entry = await entryScript();
    const script = await fetch(`${baseUrl()}${entry}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('sourcemap')).toBeNull();
    expect(await script.text()).not.toContain('sourceMappingURL');
    expect((await fetch(`${baseUrl()}${entry}.map`)).status).toBe(404);
  });
});
