import type { AppConfiguration } from '@registrar-panel/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';
import { capturePage, phone, sidewaysOverflow } from './support/screenshots';
import { answerConfigWithMaintenance } from './support/maintenance';
import { openSignedIn } from './support/signed-in';

/*
 * The application shell as a signed-in registrar sees it: header, menu, footer, redirects, the
 * pages the shell owns, and the cross-cutting behaviour (cookie banner, spinner, alerts).
 * One sign-in for the whole file; each test starts from a page load of its own.
 */
let browser: Browser;
let page: Page;
let config: AppConfiguration;

const oneYearMs = 365 * 24 * 3600 * 1000;
const dayMs = 24 * 3600 * 1000;

const alertWith = (text: string) => page.locator('.app-alerts [role="alert"]', { hasText: text });
const cookieBanner = () => page.getByRole('region', { name: 'Cookie consent' });
const storedConsent = () => page.evaluate(() => window.localStorage.getItem('cookieconsent'));

async function open(path: string) {
  await page.goto(path);
  await page.getByTestId('app-title').waitFor();
}

beforeAll(async () => {
  config = (await (await fetch(`${baseUrl()}/assets/config/config.json`)).json()) as AppConfiguration;
  ({ browser, page } = await openSignedIn('admin@acme', { keepCookieBanner: true }));
});

afterAll(async () => {
  await browser?.close();
});

describe('layout', () => {
  it("reads '.be registrar panel' in the header, with the TLD from the server configuration", async () => {
    await open('/cookiepolicy');
    await page.getByTestId('app-title').filter({ hasText: '.be registrar panel' }).waitFor();
    // Each page puts its name first (accessibility.e2e.ts checks every page's).
    await expect.poll(() => page.title()).toBe('Cookie policy · .be registrar panel');
  });

  it('marks the demo beside the product name, the name still whole on a phone', async () => {
    expect(config.demoMode).toBe(true);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 850 });
      await open('/cookiepolicy');
      const badge = page.getByTestId('demo-badge');
      expect(await badge.innerText()).toBe('Demo');
      expect(await badge.getAttribute('title')).toContain('trying the portal out');
      const title = page.getByTestId('app-title');
      expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth), `title cut at ${width} px`).toBe(true);
    }
    await page.setViewportSize({ width: 1366, height: 850 });
  });

  it('offers Registrar, EPP settings, Registrations, Users and News in the menu, News opening the configured site in a new tab', async () => {
    await open('/cookiepolicy');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    const labels = (await menu.getByRole('link').allInnerTexts()).map((text) => text.replace(/\s*\(opens in a new tab\)$/, ''));
    expect(labels).toEqual(['Registrar', 'EPP settings', 'Registrations', 'Users', 'News']);
    const news = menu.getByRole('link', { name: 'News (opens in a new tab)' });
    expect(await news.getAttribute('href')).toBe(config.appConfig.news_website_link);
    expect(await news.getAttribute('target')).toBe('_blank');
    expect(await news.getAttribute('rel')).toContain('noopener');
  });

  it('highlights the menu entry of the current section', async () => {
    await open('/epp/ipaddresses');
    const current = page.getByRole('navigation', { name: 'Menu' }).locator('[aria-current="page"]');
    expect(await current.allInnerTexts()).toEqual(['EPP settings']);
  });

  it('folds the menu behind a button on a phone and closes it after a choice', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open('/cookiepolicy');
      const users = page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Users' });
      expect(await users.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open or close the menu' }).click();
      await users.click();
      await page.waitForURL((url) => url.pathname === '/users');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1366, height: 850 });
    }
  });

  it('shows the signed-in user in the footer with Reset Password, Logout and the cookie policy', async () => {
    await open('/cookiepolicy');
    const footer = page.locator('footer');
    expect(await footer.getByTestId('footer-username').innerText()).toBe('(admin@acme)');
    expect(await footer.getByTestId('footer-name').innerText()).toMatch(/^\S+ \S+/);
    await footer.getByRole('button', { name: 'Reset Password' }).waitFor();
    await footer.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await footer.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe('/cookiepolicy');
  });
});

describe('routes', () => {
  it.each([
    ['/', '/registrar/generalData'],
    ['/home', '/registrar/generalData'],
    ['/registrar', '/registrar/generalData'],
    ['/epp', '/epp/ipaddresses'],
  ])('redirects %s to %s', async (from, to) => {
    await page.goto(from);
    await page.waitForURL((url) => url.pathname === to);
  });

  it("shows 'Page not found' for any other path, inside the shell", async () => {
    await open('/registrar/nothing-here');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await capturePage(page, 'shell-not-found');
    await page.getByRole('link', { name: 'Go to the registrar overview' }).click();
    await page.waitForURL((url) => url.pathname === '/registrar/generalData');
  });

  it('shows the cookie policy with every cookie and its storage time, the update date and the contact address', async () => {
    await open('/cookiepolicy');
    await page.getByRole('heading', { name: 'Cookie policy', level: 1 }).waitFor();
    const rows = await page
      .locator('table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent, tr.lastElementChild?.textContent]));
    expect(rows).toEqual([
      ['Security filter cookies', 'Session'],
      ['Authentication cookies', 'Session, or 10 hours'],
      ['Load-balancer cookie', '7 days'],
      ['Consent cookie', '1 year'],
    ]);
    await page.getByText('Last updated: April 2025').waitFor();
    const contact = page.getByRole('link', { name: config.appConfig.supportEmail });
    expect(await contact.getAttribute('href')).toBe(`mailto:${config.appConfig.supportEmail}`);
    await capturePage(page, 'shell-cookie-policy');
  });

  it('reads the cookie table as one card per cookie on a phone, each value under its label', async () => {
    await page.setViewportSize(phone);
    try {
      await open('/cookiepolicy');
      await page.getByRole('heading', { name: 'Cookie policy', level: 1 }).waitFor();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      const labels = await page
        .locator('table tbody tr')
        .first()
        .locator('th, td')
        .evaluateAll((cells) => cells.map((cell) => (getComputedStyle(cell, '::before').content === 'none' ? '' : cell.getAttribute('data-label'))));
      expect(labels).toEqual(['Cookie', 'Purpose', 'Storage time']);
      // The header row is there for screen readers only.
      expect((await page.locator('table thead').boundingBox())!.height).toBeLessThanOrEqual(1);
    } finally {
      await page.setViewportSize({ width: 1366, height: 850 });
    }
  });
});

describe('cookie banner', () => {
  it('shows until closed, stores an expiry one year ahead, stays closed after a reload and returns once the consent has expired', async () => {
    await open('/cookiepolicy');
    await page.evaluate(() => window.localStorage.removeItem('cookieconsent'));
    await page.reload();
    await cookieBanner().waitFor();

    await cookieBanner().getByRole('button', { name: 'Close' }).click();
    await cookieBanner().waitFor({ state: 'detached' });
    const expiry = Number(await storedConsent());
    expect(Math.abs(expiry - (Date.now() + oneYearMs))).toBeLessThan(2 * dayMs);

    await page.reload();
    await page.getByTestId('app-title').waitFor();
    expect(await cookieBanner().count()).toBe(0);

    await page.evaluate(() => window.localStorage.setItem('cookieconsent', String(Date.now() - 1000)));
    await page.reload();
    await cookieBanner().waitFor();
    expect(await storedConsent()).toBeNull();
    await cookieBanner().getByRole('button', { name: 'Close' }).click();
  });
});

describe('spinner and alerts', () => {
  it('covers the page while a request is slow and goes once it has answered', async () => {
    // The answer is held until the test has seen the spinner, so a busy machine cannot answer first.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/services/config', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto('/cookiepolicy', { waitUntil: 'commit' });
      const spinner = page.getByRole('status', { name: 'Loading…' });
      await spinner.waitFor();
      release();
      await page.getByTestId('app-title').filter({ hasText: '.be registrar panel' }).waitFor();
      await spinner.waitFor({ state: 'detached' });
    } finally {
      release();
      await page.unroute('**/services/config');
    }
  });

  it('shows the messages of an error envelope as an error alert, which goes on navigation', async () => {
    // Once: the client's retry succeeds, so the alert that goes is the only one (a failed retry would alert again).
    await answerConfigWithMaintenance(page, undefined, 1);
    try {
      await page.goto('/cookiepolicy');
      const alert = alertWith('The registry is in maintenance until 06:00.');
      await alert.waitFor();
      expect(await alert.getAttribute('class')).toContain('alert-danger');
      await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Users' }).click();
      await page.waitForURL((url) => url.pathname === '/users');
      await alert.waitFor({ state: 'detached' });
    } finally {
      await page.unroute('**/services/config');
    }
  });

  it("says 'An internal error occurred while attempting to reset your password.' when the reset fails", async () => {
    await page.route('**/services/me/password', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    try {
      await open('/cookiepolicy');
      await page.locator('footer').getByRole('button', { name: 'Reset Password' }).click();
      await alertWith('An internal error occurred while attempting to reset your password.').waitFor();
    } finally {
      await page.unroute('**/services/me/password');
    }
  });

  it('confirms a password reset with a success alert that closes by itself', async () => {
    await open('/cookiepolicy');
    await page.locator('footer').getByRole('button', { name: 'Reset Password' }).click();
    const alert = alertWith('An email has been sent to your email address to reset your password.');
    await alert.waitFor();
    expect(await alert.getAttribute('class')).toContain('alert-success');
    // 3000 ms before the fade, 250 ms of fade.
    await alert.waitFor({ state: 'detached', timeout: 5000 });
  });
});
