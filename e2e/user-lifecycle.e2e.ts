import { brusselsDay } from '@registrar-panel/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { firstLink, lastMailFile, waitForMail } from './support/mailbox';
import { capturePage, phone, sidewaysOverflow } from './support/screenshots';
import { nextOneTimeCode, submitCode, submitPassword, waitForPortal } from './support/sign-in';
import { openAddUserDialog } from './support/add-user-dialog';
import { openSignedIn } from './support/signed-in';

/*
 * A panel user's whole life as an administrator of globex and the user live it: added, the
 * activation mail resent (the first link then refused), activated; disabled (their sign-in refused
 * with the reason) and enabled again; given an access end date; and 'Forgot password?' on the
 * sign-in page mails a link that sets a new password. The tests run in order.
 */
let browser: Browser;
let admin: Page;

const lena = { username: 'lena_e2e', fullUsername: 'lena_e2e@globex', name: 'Lena Lifecycle', email: 'lena.lifecycle@globex.example' };
const firstPassword = 'Green teapot on the shelf 17';
const newPassword = 'Orange bicycle in the rain 58';
let secret = '';

const row = (page: Page, username: string) => page.locator(`tr.user-row[data-username="${username}"]`);
const alert = (page: Page, text: string) => page.locator('.app-alerts [role="alert"]', { hasText: text });
const activationSubject = 'Activate your .be registrar panel account';

async function openDialog(): Promise<ReturnType<Page['getByRole']>> {
  await row(admin, lena.fullUsername)
    .getByRole('button', { name: `Edit ${lena.name}` })
    .click();
  const dialog = admin.getByRole('dialog', { name: `Edit ${lena.name}` });
  await dialog.waitFor();
  return dialog;
}

async function closeDialog(dialog: ReturnType<Page['getByRole']>): Promise<void> {
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Lena signs in in a browser of her own; answers the page where the sign-in stopped (the portal or the password page). */
async function lenaSignsIn(password: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto('/');
  await page.getByLabel('Username').waitFor();
  await submitPassword(page, lena.fullUsername, password);
  return page;
}

beforeAll(async () => {
  ({ browser, page: admin } = await openSignedIn('admin@globex'));
  await admin.goto('/users');
  await admin.getByRole('heading', { name: 'List of users' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

describe("a panel user's whole life", () => {
  it("shows a new user as 'Activation pending' in the list and the dialog", async () => {
    const create = await openAddUserDialog(admin);
    await create.getByRole('textbox', { name: 'Username' }).fill(lena.username);
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill(lena.name);
    await create.getByRole('textbox', { name: 'Email' }).fill(lena.email);
    await create.getByRole('button', { name: 'Create' }).click();
    await alert(admin, `User ${lena.fullUsername} has been added.`).waitFor();
    await row(admin, lena.fullUsername).getByText('Activation pending').waitFor();
    await waitForMail(lena.email, activationSubject);
    await capturePage(admin, 'users-activation-pending');
  });

  it('resends the activation email: the earlier link stops working, the new one activates', async () => {
    const first = firstLink(await waitForMail(lena.email, activationSubject));
    const after = lastMailFile();
    const dialog = await openDialog();
    await dialog.getByText('Activation pending').waitFor();
    await dialog.getByRole('button', { name: 'Resend activation email' }).click();
    await alert(admin, `A new activation email has been sent to ${lena.email}.`).waitFor();
    await capturePage(admin, 'users-resend-activation-pending', { fullPage: false });
    await closeDialog(dialog);
    const second = firstLink(await waitForMail(lena.email, activationSubject, after));
    expect(second).not.toBe(first);

    const user = await newPage(browser);
    await user.goto(first);
    await user.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await user.goto(second);
    await user.getByRole('heading', { name: 'Activate your account' }).waitFor();
    await user.getByLabel('New password', { exact: true }).fill(firstPassword);
    await user.getByLabel('Confirm new password').fill(firstPassword);
    await user.getByRole('button', { name: 'Save password' }).click();
    await user.getByRole('heading', { name: 'Your account is active' }).waitFor();
    await user.goto('/');
    await user.getByLabel('Username').waitFor();
    await submitPassword(user, lena.fullUsername, firstPassword);
    await user.getByRole('heading', { name: 'Set up 2-step verification' }).waitFor();
    secret = ((await user.locator('#totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await submitCode(user, await nextOneTimeCode(lena.fullUsername, secret));
    await waitForPortal(user);
    await user.context().close();

    await admin.goto('/users');
    await row(admin, lena.fullUsername).waitFor();
    expect(await row(admin, lena.fullUsername).getByText('Activation pending').count()).toBe(0);
  });

  it('disables the user after a confirming second click; their sign-in is refused with the reason', async () => {
    const dialog = await openDialog();
    const access = dialog.getByTestId('user-access');
    await access.getByText('This user can sign in.').waitFor();
    await access.getByRole('button', { name: 'Disable user' }).click();
    await access.getByRole('button', { name: 'Click to confirm: disable and sign out' }).click();
    await alert(admin, `User ${lena.fullUsername} has been disabled and signed out.`).waitFor();
    await access.getByText('This user is disabled: they cannot sign in.').waitFor();
    await access.getByRole('button', { name: 'Enable user' }).waitFor();
    await capturePage(admin, 'users-disabled-dialog', { fullPage: false });
    await closeDialog(dialog);
    await row(admin, lena.fullUsername).getByText('Disabled', { exact: true }).waitFor();

    const user = await lenaSignsIn(firstPassword);
    await user.getByRole('alert').getByText('This account is disabled. Please contact an administrator of your registrar.').waitFor();
    expect(await user.getByLabel('Password').isVisible()).toBe(true);
    await capturePage(user, 'sign-in-disabled');
    await user.context().close();
  });

  it('enables the user again: they sign in', async () => {
    const dialog = await openDialog();
    await dialog.getByTestId('user-access').getByRole('button', { name: 'Enable user' }).click();
    await alert(admin, `User ${lena.fullUsername} has been enabled.`).waitFor();
    await closeDialog(dialog);
    expect(await row(admin, lena.fullUsername).getByText('Disabled', { exact: true }).count()).toBe(0);

    const user = await lenaSignsIn(firstPassword);
    await submitCode(user, await nextOneTimeCode(lena.fullUsername, secret));
    await waitForPortal(user);
    await user.context().close();
  });

  it('gives the user an access end date, shown in the list and the dialog, and removes it', async () => {
    const end = brusselsDay(new Date(Date.now() + 90 * 86_400_000));
    const shown = `Access until ${end.replaceAll('-', '/')}`;
    let dialog = await openDialog();
    const access = dialog.getByTestId('user-access');
    await access.getByLabel('Access until (last day)').fill(end);
    await access.getByRole('button', { name: 'Save date' }).click();
    await alert(admin, `Access of ${lena.fullUsername} ends after ${end.replaceAll('-', '/')}.`).waitFor();
    await access.getByText(shown).waitFor();
    await capturePage(admin, 'users-access-end-dialog', { fullPage: false });
    await closeDialog(dialog);
    await row(admin, lena.fullUsername).getByText(shown).waitFor();
    await capturePage(admin, 'users-access-end');
    await admin.setViewportSize(phone);
    try {
      expect(await sidewaysOverflow(admin)).toBeLessThanOrEqual(0);
      expect(await row(admin, lena.fullUsername).getByText(shown).isVisible()).toBe(true);
    } finally {
      await admin.setViewportSize({ width: 1366, height: 850 });
    }

    dialog = await openDialog();
    await dialog.getByTestId('user-access').getByRole('button', { name: 'Remove date' }).click();
    await alert(admin, `Access of ${lena.fullUsername} has no end date.`).waitFor();
    await closeDialog(dialog);
    expect(await row(admin, lena.fullUsername).getByText(shown).count()).toBe(0);
  });

  it("'Forgot password?' on the sign-in page mails a link that sets a new password", async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await capturePage(page, 'sign-in-forgot');
    const after = lastMailFile();
    await page.getByLabel('Username').fill(lena.fullUsername);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = 'If an account with that username exists, we have sent a link to choose a new password to its email address.';
    await page.getByRole('status').getByText(sent).waitFor();
    await capturePage(page, 'sign-in-forgot-sent');
    // An unknown username gets the very same answer.
    await page.getByRole('link', { name: '« Back to sign in' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Username').fill('nobody_e2e@globex');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText(sent).waitFor();
    await page.context().close();

    const mail = await waitForMail(lena.email, 'Reset your .be registrar panel password', after);
    const user = await newPage(browser);
    await user.goto(firstLink(mail));
    await user.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await user.getByLabel('New password', { exact: true }).fill(newPassword);
    await user.getByLabel('Confirm new password').fill(newPassword);
    await user.getByRole('button', { name: 'Save password' }).click();
    await user.getByRole('heading', { name: 'Your password is changed' }).waitFor();
    await user.context().close();

    const signedIn = await lenaSignsIn(newPassword);
    await submitCode(signedIn, await nextOneTimeCode(lena.fullUsername, secret));
    await waitForPortal(signedIn);
    await signedIn.context().close();
  });
});
