import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { laptop } from './support/screenshots';
import { signIn } from './support/sign-in';

/*
 * The portal in Dutch, French and German, for what only a browser shows: the offer of the
 * browser's language, `?lang=`, and a switch that keeps what a form holds. Texts that fit their boxes
 * in every language are languages-layout.e2e.ts's; the catalogues' parity is apps/web/src/test/catalogues.test.ts.
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
});
