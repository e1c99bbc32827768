import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMail, lastMailFile } from './support/mailbox';
import { capturePage } from './support/screenshots';
import { openSignedIn } from './support/signed-in';

/*
 * The EPP password's reset link as admin@globex lives it (issue 31): the security page shows the
 * password's section and asks for a link after a confirmation naming who gets it; the link is taken
 * from the mail as received over SMTP, opened in the signed-in browser, sets a password with the spec's
 * form without Current Password, and refuses a second use.
 */
let browser: Browser;
let page: Page;
let link = '';

// Password inputs have the textbox role in Chromium's accessibility tree, named by their label.
const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });

const newPassword = `Reset Pass ${Date.now() % 1000} !`.slice(0, 16);

/** Gives globex a first EPP password, as its TECH user would on the Password tab: a reset link is for a password nobody knows. */
async function firstPassword(): Promise<void> {
  const status = await page.evaluate(async (password) => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
    const token = (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const required = (await (await fetch('/services/registrar/epp/password/required', { headers })).json()) as { data: { value: boolean } };
    if (required.data.value) return 200;
    return (await fetch('/services/registrar/epp/password', { method: 'PUT', headers, body: JSON.stringify({ newPassword: password }) })).status;
  }, 'Forgotten Pw 1 !');
  expect(status).toBe(200);
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn('admin@globex', { path: '/epp/security' }));
  await firstPassword();
  await page.reload();
});
afterAll(async () => browser?.close());

describe('the EPP password reset link', () => {
  it('is asked for on the security page, after a confirmation naming the ADMIN users, and mailed', async () => {
    const section = page.getByRole('region', { name: 'EPP password' });
    await section.waitFor();
    await capturePage(page, 'epp-security-password');
    const before = lastMailFile();
    await section.getByRole('button', { name: 'Request a reset link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mail a reset link?' });
    await dialog.getByTestId('epp-reset-link-recipients').getByRole('listitem').first().waitFor();
    expect(await dialog.getByTestId('epp-reset-link-recipients').innerText()).toContain('admin');
    await capturePage(page, 'epp-security-reset-confirm', { fullPage: false });
    await dialog.getByRole('button', { name: 'Mail the link' }).click();
    await page.locator('.app-alerts [role="alert"]', { hasText: /The link was mailed to \d+ administrators?\./ }).waitFor();
    // One mail to each ADMIN of globex, each with the same link.
    const linkMails = () => allMail().filter((mail) => mail.file > before && mail.subject === 'Link to set the EPP password of registrar globex');
    await expect.poll(() => linkMails().length, { timeout: 10_000 }).toBeGreaterThan(0);
    link = /https?:\/\/\S+\/epp\/password-reset#\S+/.exec(linkMails()[0]!.text)?.[0] ?? '';
    expect(link).not.toBe('');
  });

  it("opens the spec's form without Current Password and sets the password once", async () => {
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set your EPP password', level: 1 }).waitFor();
    await page.getByText('This change effects your EPP credentials, please update your EPP client accordingly!').waitFor();
    expect(await field('Current Password').count()).toBe(0);
    await field('New Password').fill(newPassword);
    await field('Confirm new Password').fill(newPassword);
    await capturePage(page, 'epp-password-reset-form');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.locator('.app-alerts [role="alert"]', { hasText: 'Password successfully updated.' }).waitFor();

    // The same link again: refused, saying why.
    await page.goto('/epp/security');
    await page.goto(link);
    await page.getByTestId('epp-reset-link-refused').getByText('This link was already used.').waitFor();
    expect(await field('New Password').count()).toBe(0);
    await capturePage(page, 'epp-password-reset-used');
  });
});
