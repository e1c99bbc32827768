import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { lastMailFile, waitForMail } from './support/mailbox';
import { laptop } from './support/screenshots';
import { signIn } from './support/sign-in';

/*
 * The portal in Dutch, French and German, for what only a browser shows: the offer of the
 * browser's language, `?lang=`, and a switch that keeps what a form holds. Texts that fit their boxes
 * in every language are languages-layout.e2e.ts's; the catalogues' parity is apps/web/src/test/catalogues.test.ts.
 */
let browser: Browser;

const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, string>;
const texts = (part: string, language: string) => readJson(`../apps/web/src/${part}/${language}.json`);
/** The server's messages (the contract's) and the mails, as the server writes them in a language. */
const serverMessages = (language: string) => readJson(`../packages/contract/src/message-texts/${language}.json`);
const mailTexts = (language: string) => readJson(`../apps/server/src/mail/texts/${language}.json`);

/** Waits for the page to save the language chosen on it as the signed-in user's preference. */
const preferenceSaved = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/services/me/language') && response.ok());

async function browserPreferring(locale: string): Promise<Page> {
  // CSP bypassed as accessibility.e2e.ts does, for axe's script.
  const context = await browser.newContext({ viewport: laptop, baseURL: baseUrl(), timezoneId: 'Europe/Brussels', locale, bypassCSP: true });
  return context.newPage();
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

beforeAll(async () => {
  browser = await launchBrowser();
});

/** The page whose choice was saved last: set back to English, so that admin@acme's next sign-in (other files) is English. */
let lastChooser: Page | undefined;

afterAll(async () => {
  if (lastChooser) {
    const language = await htmlLang(lastChooser);
    const saved = preferenceSaved(lastChooser);
    await lastChooser.getByRole('combobox', { name: texts('app', language)['app.language.label'] }).selectOption('en');
    await saved;
  }
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
    const saved = preferenceSaved(page);
    await offer.getByRole('button', { name: 'Oui, en français' }).click();
    await saved;
    lastChooser = page;
    await page.getByRole('heading', { name: texts('features/registrar', 'fr')['registrar.generalData.title'] }).waitFor();
    expect(await htmlLang(page)).toBe('fr');
    expect(await offer.count()).toBe(0);
    await expectNoAxeViolations(page, 'general data in French');

    await page.goto('/users');
    await page.getByRole('heading', { name: texts('features/users', 'fr')['users.title'] }).waitFor();
    expect(await page.getByTestId('language-offer').count(), 'the offer is made once').toBe(0);
  });

  it("shows the server's refusal in French, and the mail the user asks for comes in French", async () => {
    const users = texts('features/users', 'fr');
    await page.getByRole('button', { name: users['users.add'] }).click();
    const dialog = page.getByRole('dialog', { name: users['users.form.createTitle'] });
    await dialog.getByText(users['users.form.activationNotice']!).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'field-username');
    await dialog.getByRole('textbox', { name: users['users.form.username'] }).fill('ADMIN');
    await dialog.getByRole('textbox', { name: users['users.form.name'], exact: true }).fill('Quelqu’un');
    await dialog.getByRole('textbox', { name: users['users.form.email'] }).fill('quelquun@acme.example');
    await dialog.getByRole('button', { name: users['users.form.create'] }).click();
    // The server refuses a username in use: its message, on the field, in French.
    await dialog.getByText(serverMessages('fr')['users.usernameTaken']!).waitFor();
    await dialog.getByRole('button', { name: users['users.form.cancel'] }).click();

    // The choice was saved as admin@acme's language: the reset mail is French, subject included.
    const after = lastMailFile();
    await page
      .locator('footer')
      .getByRole('button', { name: texts('app', 'fr')['app.footer.resetPassword'] })
      .click();
    const mail = await waitForMail('admin@acme.example', mailTexts('fr')['mail.reset.subject']!.split('{{')[0]!.trim(), after);
    expect(mail.text).toContain(mailTexts('fr')['mail.reset.open']!);
  });

  it('follows admin@acme to a browser that never chose: signed in there, the portal is French', async () => {
    const elsewhere = await browserPreferring('en-GB');
    try {
      await signIn(elsewhere, 'admin@acme', undefined, '/registrar/generalData');
      await elsewhere
        .getByRole('heading', { name: texts('features/registrar', 'fr')['registrar.generalData.title'] })
        .first()
        .waitFor();
      expect(await htmlLang(elsewhere)).toBe('fr');
    } finally {
      await elsewhere.context().close();
    }
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
    const saved = preferenceSaved(page);
    await page.getByRole('combobox', { name: 'Taal' }).selectOption('de');
    await saved;
    lastChooser = page;
    await page.getByRole('heading', { name: texts('features/registrations', 'de')['registrations.search.title'] }).waitFor();
    expect(await htmlLang(page)).toBe('de');
    await expectNoAxeViolations(page, 'the search in German');
    expect(await page.getByRole('searchbox', { name: texts('features/registrations', 'de')['registrations.search.inputLabel'] }).inputValue()).toBe('bakker');
  });
});
