import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { capturePage, laptop, phone, screenshotDir } from './support/screenshots';
import { signIn } from './support/sign-in';

/*
 * The portal in Dutch, French and German, for what only a browser shows: the offer of the
 * browser's language, `?lang=`, a switch that keeps what a form holds, and texts that fit their boxes
 * at a laptop's and a phone's width. The catalogues' parity is apps/web/src/test/catalogues.test.ts.
 */
let browser: Browser;

const texts = (part: string, language: string) =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/${part}/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>;

async function browserPreferring(locale: string): Promise<Page> {
  // CSP bypassed as accessibility.e2e.ts does, for axe's script.
  const context = await browser.newContext({ viewport: laptop, baseURL: baseUrl(), timezoneId: 'Europe/Brussels', locale, bypassCSP: true });
  return context.newPage();
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/**
 * What does not fit at the page's width: the page scrolling sideways, and boxes that cut their text
 * (overflow hidden or clip, content wider than the box). Hidden and visually-hidden elements aside.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const pageScroll = document.documentElement.scrollWidth - window.innerWidth;
    if (pageScroll > 0) problems.push(`the page scrolls sideways by ${pageScroll} px`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(element);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      if (element.clientWidth <= 1 || element.closest('.visually-hidden, .visually-hidden-focusable') || !element.checkVisibility({ visibilityProperty: true }))
        continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${Array.from(element.classList).join('.')}`;
        problems.push(`${name} cuts '${element.innerText.slice(0, 60)}' (${element.scrollWidth} > ${element.clientWidth} px)`);
      }
    }
    return problems;
  });
}

/** Screenshots of the header with the switcher at both widths, and of a page (support/screenshots.ts). */
async function capture(page: Page, name: string, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  for (const viewport of [laptop, phone]) {
    await page.setViewportSize(viewport);
    await page.locator('header').screenshot({ path: join(screenshotDir, `${name}-header-${viewport.width}.png`) });
  }
  await capturePage(page, name);
}

/** Opens each page at 1366 and 390 px and collects what does not fit. */
async function checkLayout(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    for (const viewport of [laptop, phone]) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      problems.push(...(await layoutProblems(page)).map((problem) => `${path} at ${viewport.width} px: ${problem}`));
    }
    await page.setViewportSize(laptop);
  }
  return problems;
}

const densePages = [
  '/registrar/generalData',
  '/registrar/history',
  '/registrations/search?domainname=*',
  '/registrations/overview',
  '/users',
  '/users/apiKeys',
  '/epp/ipaddresses',
];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a browser preferring French', () => {
  let page: Page;

  it('opens in English with the offer in French, takes it, and the pages speak French from then on', async () => {
    page = await browserPreferring('fr-BE');
    await signIn(page, 'admin@acme', undefined, '/registrar/generalData');
    await page.getByRole('heading', { name: 'General data' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    const offer = page.getByRole('region', { name: 'Cette page en français\u202f?' });
    expect(await offer.getAttribute('lang')).toBe('fr');
    await expectNoAxeViolations(page, 'the offer in French on an English page');
    await offer.getByRole('button', { name: 'Oui, en français' }).click();
    await page.getByRole('heading', { name: texts('features/registrar', 'fr')['registrar.generalData.title'] }).waitFor();
    expect(await htmlLang(page)).toBe('fr');
    expect(await offer.count()).toBe(0);
    await expectNoAxeViolations(page, 'general data in French');

    await page.goto('/users');
    await page.getByRole('heading', { name: texts('features/users', 'fr')['users.title'] }).waitFor();
    expect(await page.getByTestId('language-offer').count(), 'the offer is made once').toBe(0);
  });

  it('fits the densest pages at 1366 and 390 px in French', async () => {
    expect(await checkLayout(page, densePages)).toEqual([]);
    await capture(page, 'languages-fr', '/registrar/history');
  });
});

describe('a browser left in English', () => {
  let page: Page;

  it('turns Dutch with ?lang=nl, and the address drops it', async () => {
    page = await browserPreferring('en-GB');
    await signIn(page, 'admin@acme', undefined, '/registrations/search?lang=nl');
    await page.getByRole('heading', { name: texts('features/registrations', 'nl')['registrations.search.title'] }).waitFor();
    expect(await htmlLang(page)).toBe('nl');
    expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    expect(await page.getByTestId('language-offer').count(), 'no offer to an English browser').toBe(0);
  });

  it('switches to German in place, keeping a half-filled field', async () => {
    const field = page.getByRole('searchbox', { name: texts('features/registrations', 'nl')['registrations.search.inputLabel'] });
    await field.fill('bakker');
    await page.getByRole('combobox', { name: 'Taal' }).selectOption('de');
    await page.getByRole('heading', { name: texts('features/registrations', 'de')['registrations.search.title'] }).waitFor();
    expect(await htmlLang(page)).toBe('de');
    await expectNoAxeViolations(page, 'the search in German');
    expect(await page.getByRole('searchbox', { name: texts('features/registrations', 'de')['registrations.search.inputLabel'] }).inputValue()).toBe('bakker');
  });

  it('fits the densest pages at 1366 and 390 px in German', async () => {
    expect(await checkLayout(page, densePages)).toEqual([]);
    await capture(page, 'languages-de', '/registrations/search?domainname=*');
  });
});
