import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoText } from '../apps/web/src/lib/pseudo-language';
import { axeContext, axeViolations, describeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { laptop, phone, screenshotDir } from './support/screenshots';
import { signIn } from './support/sign-in';

/*
 * The densest pages in every language the portal speaks, and in the pseudo-language en-XA (English
 * 40 % longer), at a laptop's width and a phone's: no text sticks out of its box or is cut, the page
 * never scrolls sideways (a wide table scrolls in its own box), and axe finds nothing. German and
 * French texts run 20-35 % longer than English; this is where that shows. One signed-in page per
 * user (admin@acme for nearly everything, support@acme for the reports an admin may not download)
 * goes through all languages with `?lang=`; the language is put back to English at the end. With
 * RP_LAYOUT_SCREENSHOTS=1, German and French pages are photographed at 390 px (and a few at 1366 px).
 */

const pageLanguages = ['en', 'nl', 'fr', 'de', 'en-XA'] as const;
type PageLanguage = (typeof pageLanguages)[number];

const english = (part: string) => JSON.parse(readFileSync(new URL(`../apps/web/src/${part}/en.json`, import.meta.url), 'utf8')) as Record<string, string>;
const catalogue = (part: string, language: PageLanguage): Record<string, string> =>
  language === 'en-XA'
    ? Object.fromEntries(Object.entries(english(part)).map(([key, text]) => [key, pseudoText(text)]))
    : (JSON.parse(readFileSync(new URL(`../apps/web/src/${part}/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>);

/** A page to check: where it is, what shows when it is ready, and whether a person should see its picture at 1366 px too. */
interface DensePage {
  name: string;
  path: () => string;
  /** Brings the page into the state to check, once it shows its heading and nothing loads any more. */
  open?: (page: Page, language: PageLanguage) => Promise<void>;
  laptopShot?: boolean;
}

let registrationPath = '';
let contactPath = '';

const adminPages: DensePage[] = [
  { name: 'registrar-general-data', path: () => '/registrar/generalData' },
  { name: 'registrar-public-profile', path: () => '/registrar/publicProfile', laptopShot: true },
  { name: 'registrar-edit-tech-contact', path: () => '/registrar/publicProfile/editTechContact' },
  { name: 'epp-ip-addresses', path: () => '/epp/ipaddresses' },
  { name: 'epp-ip-addresses-edit', path: () => '/epp/ipaddresses/edit' },
  { name: 'users', path: () => '/users' },
  {
    name: 'users-add-dialog',
    path: () => '/users',
    open: async (page, language) => {
      await page.getByRole('button', { name: catalogue('features/users', language)['users.add'], exact: true }).click();
      await page.locator('.modal.show [role="dialog"], .modal.show.modal[role="dialog"]').first().waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'field-username');
    },
  },
  { name: 'api-keys', path: () => '/users/apiKeys' },
  {
    name: 'registrations-search',
    path: () => '/registrations/search?domainname=*',
    open: async (page) => void (await page.locator('main table tbody tr').first().waitFor()),
    laptopShot: true,
  },
  { name: 'registrations-overview', path: () => '/registrations/overview' },
  { name: 'registration-detail', path: () => registrationPath },
  { name: 'contact', path: () => contactPath },
  {
    name: 'billing',
    path: () => '/registrar/billing',
    open: async (page) => {
      await page.locator('main form button[type="submit"]').click();
      await page.locator('main table tbody tr').first().waitFor();
    },
    laptopShot: true,
  },
  {
    name: 'history',
    path: () => '/registrar/history',
    open: async (page) => void (await page.locator('main table tbody tr').first().waitFor()),
  },
];

const supportPages: DensePage[] = [{ name: 'reports', path: () => '/registrar/reports' }];

/**
 * What does not fit at the page's width: the page scrolling sideways; a box that cuts its content
 * (overflow hidden or clip, content wider than the box, an ellipsis included); a box whose own text
 * sticks out of it (a text node or an inline element of it wider than the box: a long German word in
 * a button or a table cell). Boxes that scroll on their own (a table's `.table-responsive`) may be
 * wider inside, and Bootstrap's rows reach into their parent's padding by design, so a box is judged
 * by its own text only; fields may hold more than they show; hidden elements are left aside. At a
 * laptop's width a table fits without scrolling in its box too.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((laptopWidth) => {
    const problems: string[] = [];
    const pageScroll = document.documentElement.scrollWidth - window.innerWidth;
    if (pageScroll > 0) problems.push(`the page scrolls sideways by ${pageScroll} px`);
    if (window.innerWidth >= laptopWidth)
      for (const box of Array.from(document.querySelectorAll<HTMLElement>('.table-responsive')))
        if (box.scrollWidth > box.clientWidth + 1) problems.push(`a table scrolls sideways by ${box.scrollWidth - box.clientWidth} px in its box`);
    const describe = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${Array.from(element.classList)
        .map((name) => `.${name}`)
        .join('')} '${(element.innerText || element.getAttribute('aria-label') || '').replace(/\s+/g, ' ').slice(0, 60)}'`;
    /** How far the element's own text (its text nodes and inline children) reaches past its content box, in px. */
    const textOverhang = (element: HTMLElement): number => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
      const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      let overhang = 0;
      for (const child of Array.from(element.childNodes)) {
        let rects: DOMRect[] = [];
        if (child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) {
          const range = document.createRange();
          range.selectNodeContents(child);
          rects = Array.from(range.getClientRects());
        } else if (child instanceof HTMLElement && getComputedStyle(child).display === 'inline') rects = Array.from(child.getClientRects());
        for (const rect of rects) overhang = Math.max(overhang, rect.right - right, left - rect.left);
      }
      return overhang;
    };
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (!(element instanceof HTMLElement) || element.closest('svg')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'contents' || style.display === 'none') continue;
      if (element.matches('input, select, textarea, option, canvas, img, iframe')) continue;
      if (element.clientWidth <= 1 || element.closest('.visually-hidden, .visually-hidden-focusable')) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const cuts = (style.overflowX === 'hidden' || style.overflowX === 'clip') && element.scrollWidth > element.clientWidth;
      if (cuts) problems.push(`${describe(element)} cuts ${element.scrollWidth - element.clientWidth} px of its content`);
      else if (!['auto', 'scroll'].includes(style.overflowX)) {
        const overhang = textOverhang(element);
        if (overhang > 1) problems.push(`${describe(element)}: its text sticks out by ${Math.round(overhang)} px`);
      }
    }
    return problems;
  }, laptop.width);
}

/** The page is ready: its heading shows and nothing loads (no spinner, in the page or over it). */
async function ready(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => document.querySelector('.app-spinner-overlay, main .spinner-border') === null, undefined, { timeout: 20_000 });
}

/** Seconds spent per kind of step, printed at the end: what this file costs and where. */
const seconds: Record<string, number> = {};
async function timed<T>(step: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    seconds[step] = (seconds[step] ?? 0) + (performance.now() - start) / 1000;
  }
}

/** Two frames, so that a change of width has been laid out and painted. */
const painted = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** Pictures for a person to look at, with RP_LAYOUT_SCREENSHOTS=1 (they cost seconds CI need not spend). */
const photograph = process.env.RP_LAYOUT_SCREENSHOTS === '1';

/**
 * Goes to `path` as a person does within the portal: the page's own router, without loading the app
 * again (most of what a full load would cost). Each page names itself in the document title, so a
 * new title says the new page has rendered.
 */
async function navigate(page: Page, path: string): Promise<void> {
  const before = await page.title();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  try {
    await page.waitForFunction((title) => document.title !== title, before, { timeout: 20_000 });
  } catch (error) {
    // Which page did not come, and what the screen showed instead: the bare timeout said neither.
    const shown = (
      await page
        .locator('main')
        .innerText()
        .catch(() => '')
    ).slice(0, 300);
    throw new Error(`navigating to ${path}, the title stayed "${before}" (address ${page.url()}; main: ${JSON.stringify(shown)})`, { cause: error });
  }
}

/**
 * Opens each page in `language` and checks it at both widths, returning what it found. The first
 * page is loaded with `?lang=` (the language taken from the address, as a registry's link gives it)
 * and with the cookie banner shown again, so that the banner is checked in every language too.
 */
async function checkPages(page: Page, language: PageLanguage, pages: DensePage[]): Promise<string[]> {
  const found: string[] = [];
  for (const [index, dense] of pages.entries()) {
    const path = dense.path();
    await timed('open', async () => {
      if (index === 0) {
        await page.evaluate(() => window.localStorage.removeItem('cookieconsent'));
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
      } else if (new URL(page.url()).pathname + new URL(page.url()).search !== path) await navigate(page, path);
      await ready(page);
      await dense.open?.(page, language);
      await ready(page);
    });
    expect(await page.evaluate(() => document.documentElement.lang), dense.name).toBe(language);
    for (const viewport of [laptop, phone]) {
      await page.setViewportSize(viewport);
      await timed('resize', () => painted(page));
      const where = `${language} ${dense.name} (${path}) at ${viewport.width} px`;
      found.push(...(await timed('layout', () => layoutProblems(page))).map((problem) => `${where}: ${problem}`));
      // axe at a phone's width, where longer texts change the most; English is accessibility.e2e.ts's
      // at both widths, and the pseudo-language is no one's language.
      if (viewport === phone && language !== 'en' && language !== 'en-XA') {
        const violations = await timed('axe', () => axeViolations(page));
        if (violations.length > 0) found.push(`${where}: axe\n${describeViolations(violations)}`);
      }
      if (photograph && (language === 'de' || language === 'fr') && (viewport === phone || dense.laptopShot))
        await timed('screenshots', () =>
          page.screenshot({ path: join(screenshotDir, `layout-${language}-${dense.name}-${viewport.width}.png`), fullPage: true }),
        );
    }
    await page.setViewportSize(laptop);
    if (index === 0) await page.locator('.app-cookie-banner button').click();
  }
  return found;
}

let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;
let supportContext: BrowserContext;
let support: Page;
const started = Date.now();

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  browser = await launchBrowser();
  adminContext = await axeContext(browser);
  admin = await adminContext.newPage();
  supportContext = await axeContext(browser);
  support = await supportContext.newPage();
  await Promise.all([
    signIn(admin, 'admin@acme', undefined, '/registrations/search?domainname=*'),
    signIn(support, 'support@acme', undefined, '/registrar/reports'),
  ]);
  // A registration and one of its contacts from the demo data, as a person would find them.
  const result = admin.locator('main table tbody tr a[href^="/registrations/registration/"]').first();
  registrationPath = (await result.getAttribute('href'))!;
  await admin.goto(registrationPath);
  const contact = admin.locator('main a[href^="/contact/view/"]').first();
  contactPath = (await contact.getAttribute('href'))!;
});

afterAll(async () => {
  // The language back to English for the suites that follow (a choice may be kept for the user).
  for (const page of [admin, support]) {
    if (page && !page.isClosed()) await page.goto('/registrar/generalData?lang=en').catch(() => undefined);
  }
  await browser?.close();
  const steps = Object.entries(seconds).map(([step, spent]) => `${step} ${spent.toFixed(1)} s`);
  console.info(`languages-layout: ${((Date.now() - started) / 1000).toFixed(1)} s (${steps.join(', ')})`);
});

describe.each(pageLanguages)('the densest pages in %s', (language) => {
  it('fit at 1366 and 390 px, never scroll sideways, and axe finds nothing', async () => {
    const found = [...(await checkPages(admin, language, adminPages)), ...(await checkPages(support, language, supportPages))];
    expect(found).toEqual([]);
  }, 180_000);
});

describe('the layout check itself', () => {
  it('finds a word sticking out of a button, a cut text and a page that scrolls sideways', async () => {
    await admin.setViewportSize(phone);
    await admin.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'layout-probe';
      probe.innerHTML =
        '<button style="width: 80px">Abrechnungszeilenherunterladen</button>' +
        '<p style="width: 80px; overflow: hidden; white-space: nowrap">Registrierungsdatum</p>' +
        '<div style="width: 600px">&nbsp;</div>';
      document.body.append(probe);
    });
    try {
      const problems = await layoutProblems(admin);
      expect(problems).toContainEqual(expect.stringMatching(/^button 'Abrechnungszeilenherunterladen': its text sticks out by \d+ px$/));
      expect(problems).toContainEqual(expect.stringMatching(/^p 'Registrierungsdatum' cuts \d+ px of its content$/));
      expect(problems).toContainEqual(expect.stringMatching(/^the page scrolls sideways by \d+ px$/));
    } finally {
      await admin.evaluate(() => document.getElementById('layout-probe')?.remove());
      await admin.setViewportSize(laptop);
    }
  });
});
