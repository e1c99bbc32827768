import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { newPage } from './support/browser';
import { capturePage, laptop, phone } from './support/screenshots';
import { signIn } from './support/sign-in';
import { closeCookieBanner, openSignedIn } from './support/signed-in';

/*
 * My account as finance@icannsla lives it (a demo user no other file signs in as): signed in in two
 * browser contexts, the account page (from the name in the footer) ends the other one, which is
 * signed out at its next request; then the password changes, the current one required.
 */
const username = 'finance@icannsla';
const newPassword = 'Lantern by the quiet canal 42';
let browser: Browser;
let here: Page;
let there: Page;

const alert = (page: Page, text: string | RegExp) => page.locator('.app-alerts [role="alert"]', { hasText: text });
const sessionRows = (page: Page) => page.locator('[data-testid="account-session"]');

beforeAll(async () => {
  ({ browser, page: here } = await openSignedIn(username, { axe: true }));
  there = await newPage(browser);
  await signIn(there, username);
  await closeCookieBanner(there);
});

afterAll(async () => {
  await browser?.close();
});

describe('My account', () => {
  it('is reached from the name in the footer and lists both sessions, this one first', async () => {
    await here.getByTestId('footer-name').click();
    await here.waitForURL('**/account');
    await here.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    expect(await here.title()).toBe('My account · .be registrar panel');
    await expect.poll(() => sessionRows(here).count()).toBe(2);
    expect(await sessionRows(here).first().getAttribute('data-current')).toBe('true');
    expect(await sessionRows(here).first().innerText()).toMatch(/Chrome \d+, Linux/);
    await capturePage(here, 'account');
    await expectNoAxeViolations(here, 'account');
    await here.setViewportSize(phone);
    await expectNoAxeViolations(here, 'account at 390 px');
    await here.setViewportSize(laptop);
  });

  it("switches the portal's language from the page, as the header's switcher does", async () => {
    await here.locator('#account-language').selectOption('de');
    await here.getByRole('heading', { name: 'Mein Konto', level: 1 }).waitFor();
    await capturePage(here, 'account-de');
    await here.locator('#account-language').selectOption('en');
    await here.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
  });

  it("shows a new authenticator app's key and QR code, and leaves the current one until a code confirms it", async () => {
    await here.getByRole('button', { name: 'Set up a new authenticator app' }).click();
    await here.getByRole('img', { name: 'QR code of the new key for your authenticator app' }).waitFor();
    expect(await here.getByTestId('account-totp-secret').innerText()).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    await capturePage(here, 'account-new-authenticator');
    await expectNoAxeViolations(here, 'account new authenticator');
    await here.getByTestId('account-totp-enrolment').getByRole('button', { name: 'Cancel' }).click();
  });

  it('signs the other browser out: its next request sends it to the sign-in page', async () => {
    await sessionRows(here)
      .nth(1)
      .getByRole('button', { name: /Sign out the session on/ })
      .click();
    await alert(here, /The session on .* was signed out\./).waitFor();
    await expect.poll(() => sessionRows(here).count()).toBe(1);
    // The other browser's next request (its tokens are still within their 5 minutes) is refused,
    // its refresh fails, and it is sent to sign in again.
    await there.goto('/account');
    await there.getByLabel('Username').waitFor();
  });

  it('changes the password, the current one required', async () => {
    await here.getByRole('button', { name: 'Change password' }).click();
    await here.getByLabel('Current password').fill('not the password');
    await here.getByLabel(/^New password/).fill(newPassword);
    await here.getByLabel('Repeat the new password').fill(newPassword);
    await here.getByRole('button', { name: 'Save the new password' }).click();
    await here.getByText('The current password is not correct.').waitFor();
    expect(await here.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    await capturePage(here, 'account-password-wrong', { fullPage: false });
    await expectNoAxeViolations(here, 'account password wrong');
    await here.getByLabel('Current password').fill('Demo-Password-1');
    await here.getByRole('button', { name: 'Save the new password' }).click();
    await alert(here, 'Your password was changed.').waitFor();
    // The new password signs in.
    await signIn(there, username, newPassword);
  });
});
