import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { capturePage, laptop, phone } from './support/screenshots';
import { axeContext } from './support/axe';
import { nextOneTimeCode, submitCode, submitPassword, waitForPortal } from './support/sign-in';
import { closeCookieBanner, openSignedIn } from './support/signed-in';
import { addVirtualAuthenticator } from './support/virtual-authenticator';

/*
 * A passkey through Chromium's virtual authenticator (DevTools protocol WebAuthn domain): added on
 * My account by support@icannsla (a demo user no other file signs in as), then used to sign in after
 * the password, in place of the code. Then admin@icannsla (no other file signs in as them either)
 * requires passkeys: tech@icannsla, on a phone, adds one after the code at the next sign-in and then
 * signs in with it alone. The ADMIN turns the policy off again and removes both users' passkeys in
 * the edit dialog, so that other files still sign these users in with the code.
 */
const username = 'support@icannsla';
let browser: Browser;
let page: Page;

const alert = (text: string | RegExp) => page.locator('.app-alerts [role="alert"]', { hasText: text });

beforeAll(async () => {
  ({ browser, page } = await openSignedIn(username, { axe: true, path: '/account' }));
  await addVirtualAuthenticator(page);
});

afterAll(async () => {
  await browser?.close();
});

describe('passkeys', () => {
  it('adds a named passkey on My account and lists it', async () => {
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await page.getByTestId('account-passkey-add').click();
    await page.getByLabel('Name').fill('Test laptop');
    await capturePage(page, 'account-passkey-name');
    await expectNoAxeViolations(page, 'account passkey name');
    await page.getByTestId('account-passkey-create').click();
    await alert('The passkey “Test laptop” was added.').waitFor();
    const row = page.getByTestId('account-passkey');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toMatch(/Test laptop[\s\S]*Added[\s\S]*Last used\s*never/);
    await page.getByTestId('account-passkeys').scrollIntoViewIfNeeded();
    await capturePage(page, 'account-passkeys');
    await expectNoAxeViolations(page, 'account passkeys');
    await page.setViewportSize(phone);
    await capturePage(page, 'account-passkeys');
    await expectNoAxeViolations(page, 'account passkeys at 390 px');
    await page.setViewportSize(laptop);
  });

  it('signs in with the password and then the passkey, no code asked', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Username').waitFor();
    await submitPassword(page, username);
    await page.getByRole('button', { name: 'Use passkey' }).waitFor();
    expect(await page.getByRole('link', { name: 'Use your authenticator app code instead' }).count()).toBe(1);
    await capturePage(page, 'sign-in-passkey');
    await expectNoAxeViolations(page, 'sign-in passkey step');
    await page.getByRole('button', { name: 'Use passkey' }).click();
    await page.waitForURL((url) => !url.pathname.includes('/login-actions/'));
    await page.goto('/account');
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await expect.poll(async () => page.getByTestId('account-passkey').innerText()).not.toMatch(/never/);
  });

  it('an ADMIN requires passkeys: a user without one adds one after the code at the next sign-in (390 px), then signs in with it alone', async () => {
    const admin = await openSignedIn('admin@icannsla', { path: '/users' });
    const phoneContext = await axeContext(browser);
    try {
      // The switch shows the saved policy: it turns once the server has it.
      const policy = admin.page.getByLabel('Require passkeys');
      await policy.click();
      await admin.page.locator('.app-alerts [role="alert"]', { hasText: 'Passkeys are now required of every user.' }).waitFor();
      expect(await policy.isChecked()).toBe(true);
      const phonePage = await phoneContext.newPage();
      await phonePage.setViewportSize(phone);
      await addVirtualAuthenticator(phonePage);
      await phonePage.goto('/');
      await submitPassword(phonePage, 'tech@icannsla');
      await phonePage.getByText('Your registrar requires a passkey: after this code you add one.').waitFor();
      await submitCode(phonePage, await nextOneTimeCode('tech@icannsla'));
      await phonePage.getByRole('heading', { name: 'Add a passkey' }).waitFor();
      await capturePage(phonePage, 'sign-in-passkey-required');
      await expectNoAxeViolations(phonePage, 'forced passkey enrolment at 390 px');
      await phonePage.getByLabel('Name of the passkey').fill('Work phone');
      await phonePage.getByRole('button', { name: 'Add passkey and sign in' }).click();
      await waitForPortal(phonePage);
      await closeCookieBanner(phonePage);
      expect(await phonePage.getByTestId('footer-username').textContent()).toContain('tech@icannsla');

      // Signed out, the passkey alone: the code is no longer offered instead.
      await phonePage.getByRole('button', { name: 'Logout' }).click();
      await submitPassword(phonePage, 'tech@icannsla');
      await phonePage.getByRole('button', { name: 'Use passkey' }).waitFor();
      expect(await phonePage.getByRole('link', { name: 'Use your authenticator app code instead' }).count()).toBe(0);
      await phonePage.getByRole('button', { name: 'Use passkey' }).click();
      await waitForPortal(phonePage);
      expect(await phonePage.getByTestId('footer-username').textContent()).toContain('tech@icannsla');
    } finally {
      await phoneContext.close();
      // Off again, only if the test got as far as turning it on: a click now would turn it on otherwise.
      const policy = admin.page.getByLabel('Require passkeys');
      if (await policy.isChecked()) {
        await policy.click();
        await admin.page.locator('.app-alerts [role="alert"]', { hasText: 'Passkeys are no longer required.' }).waitFor();
      }
      await admin.browser.close();
    }
  });

  it("shows the users' passkeys in the user list, and an ADMIN removes them in the edit dialog in three states", async () => {
    const admin = await openSignedIn('admin@icannsla', { axe: true, path: '/users' });
    try {
      const adminPage = admin.page;
      const user = adminPage.locator(`tr[data-username="${username}"]`);
      await expect.poll(() => user.getByTestId('second-factors').innerText()).toMatch(/1 passkey/);
      // Left off again by the test before: on, it would change every icannsla user's sign-in.
      await adminPage.getByTestId('passkey-policy').waitFor();
      expect(await adminPage.getByLabel('Require passkeys').isChecked()).toBe(false);
      await capturePage(adminPage, 'users-second-factors');
      await expectNoAxeViolations(adminPage, 'users list with second factors');
      await user.getByRole('button', { name: /^Edit / }).click();
      const dialog = adminPage.getByRole('dialog');
      const remove = dialog.getByTestId('passkeys-remove');
      expect(await remove.innerText()).toBe('Remove passkeys');
      await remove.scrollIntoViewIfNeeded();
      await capturePage(adminPage, 'users-passkeys-remove', { fullPage: false });
      await expectNoAxeViolations(adminPage, 'edit dialog with Remove passkeys');
      await remove.click();
      expect(await remove.innerText()).toBe('Click to confirm remove passkeys');
      await remove.click();
      await expect.poll(() => remove.innerText()).toBe('Passkeys have been removed');
      await capturePage(adminPage, 'users-passkeys-removed', { fullPage: false });
      await expectNoAxeViolations(adminPage, 'edit dialog, passkeys removed');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => user.getByTestId('second-factors').innerText()).not.toMatch(/passkey/);
      // The enrolled phone's passkey too: with none, tech@icannsla signs in with the code again.
      const tech = adminPage.locator('tr[data-username="tech@icannsla"]');
      await expect.poll(() => tech.getByTestId('second-factors').innerText()).toMatch(/1 passkey/);
      await tech.getByRole('button', { name: /^Edit / }).click();
      await dialog.getByTestId('passkeys-remove').click();
      await dialog.getByTestId('passkeys-remove').click();
      await expect.poll(() => dialog.getByTestId('passkeys-remove').innerText()).toBe('Passkeys have been removed');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => tech.getByTestId('second-factors').innerText()).not.toMatch(/passkey/);
    } finally {
      await admin.browser.close();
    }
  });
});
