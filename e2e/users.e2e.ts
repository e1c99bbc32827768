import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPage } from './support/browser';
import { capturePage, phone, sidewaysOverflow } from './support/screenshots';
import { nextOneTimeCode, signIn, submitCode, submitPassword, waitForPortal } from './support/sign-in';
import { openAddUserDialog } from './support/add-user-dialog';
import { openSignedIn } from './support/signed-in';

/*
 * User management as an administrator does it, and what the new user lives through: the admin adds
 * a user, the activation mail arrives on the SMTP listener, the user activates the account, sets up
 * 2-step verification and signs in; the admin changes their roles, resets their TOTP (the user must
 * enrol again) and deletes them. The tests run in order and share the two browser pages.
 */
let browser: Browser;
let admin: Page;

const newUser = { username: 'nina_e2e-1', fullUsername: 'nina_e2e-1@acme', name: 'Nina Newcomer', email: 'nina.newcomer@acme.example' };
const password = 'Blue kettle on the stove 42';
const dateTime = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} CES?T/;

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** The text of a received mail: headers dropped, quoted-printable undone. */
function bodyOf(mail: ReceivedMail): string {
  const [headers = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  return body;
}

/** Waits for the latest mail to `to` whose raw text includes `subject`; answers its text. */
async function waitForMail(to: string, subject: string, timeoutMs = 15_000): Promise<string> {
  const dir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReceivedMail;
      if (mail.to.includes(to) && mail.raw.includes(subject)) return bodyOf(mail);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail '${subject}' to ${to} within ${timeoutMs} ms`);
}

function mailCount(to: string, subject: string): number {
  return readdirSync(inject('mailDir')).filter((file) => {
    const mail = JSON.parse(readFileSync(join(inject('mailDir'), file), 'utf8')) as ReceivedMail;
    return mail.to.includes(to) && mail.raw.includes(subject);
  }).length;
}

const row = (page: Page, username: string) => page.locator(`tr.user-row[data-username="${username}"]`);

/**
 * The `auth_time` of the access token the page sends with the first `/services` call `action` makes:
 * what the server reads to decide whether the sign-in is recent.
 */
async function authTimeSent(page: Page, action: () => Promise<unknown>): Promise<number> {
  const request = page.waitForRequest(
    (candidate) => new URL(candidate.url()).pathname.startsWith('/services/') && candidate.headers().authorization !== undefined,
  );
  await action();
  const token = ((await request).headers().authorization ?? '').replace(/^Bearer /, '');
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { auth_time?: number };
  if (typeof claims.auth_time !== 'number') throw new Error('the access token has no auth_time');
  return claims.auth_time;
}
const successAlert = (page: Page, text: string) => page.locator('.app-alerts [role="alert"]', { hasText: text });

/** The user's own sign-in, ending on the 2-step set-up page: answers the secret shown there. */
async function signInToEnrolment(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByLabel('Username').waitFor();
  await submitPassword(page, newUser.fullUsername, password);
  await page.getByRole('heading', { name: 'Set up 2-step verification' }).waitFor();
  return ((await page.locator('#totp-secret').textContent()) ?? '').replace(/\s/g, '');
}

beforeAll(async () => {
  ({ browser, page: admin } = await openSignedIn('admin@acme'));
  await admin.goto('/users');
  await admin.getByRole('heading', { name: 'List of users' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

describe('user management', () => {
  it("lists the registrar's users, administrators first and then by name, with their last login", async () => {
    await admin.getByRole('heading', { name: 'User Management' }).waitFor();
    const usernames = await admin.locator('tr.user-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-username')));
    expect(usernames[0]).toBe('admin@acme');
    expect(usernames).toEqual(expect.arrayContaining(['support@acme', 'tech@acme', 'finance@acme']));
    expect(usernames.every((username) => username?.endsWith('@acme'))).toBe(true);
    // admin@acme just signed in, so its last login is a date; no delete icon on an administrator.
    await expect.poll(() => row(admin, 'admin@acme').locator('td').nth(5).innerText()).toMatch(dateTime);
    expect(
      await row(admin, 'admin@acme')
        .getByRole('button', { name: /^Delete / })
        .count(),
    ).toBe(0);
    expect(
      await row(admin, 'support@acme')
        .getByRole('button', { name: /^Delete / })
        .count(),
    ).toBe(1);
    await capturePage(admin, 'users-list');
  });

  it('shows each user as a card with its column labels on a phone, usernames whole', async () => {
    await admin.setViewportSize(phone);
    try {
      expect(await sidewaysOverflow(admin)).toBeLessThanOrEqual(0);
      const cells = row(admin, 'support@acme').locator('td');
      const labels = await cells.evaluateAll((tds) =>
        tds.map((td) => (getComputedStyle(td, '::before').content === 'none' ? '' : (td.getAttribute('data-label') ?? ''))),
      );
      expect(labels).toEqual(['', 'Name', 'Roles', 'Username', '2-step verification', 'Last login']);
      // The icon leads the name on the same line.
      const [icon, name] = [(await cells.nth(0).boundingBox())!, (await cells.nth(1).boundingBox())!];
      expect(Math.abs(icon.y - name.y)).toBeLessThan(name.height);
      const username = cells.nth(3).locator('.stack-cell-value');
      expect(await username.innerText()).toBe('support@acme');
      expect((await username.boundingBox())!.height).toBeLessThan(30);
    } finally {
      await admin.setViewportSize({ width: 1366, height: 850 });
    }
  });

  it('adds a user: SUPPORT ticked, Create enabled once valid, the activation mail sent', async () => {
    await admin.getByRole('button', { name: 'Add user' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add user' });
    await dialog.getByText('An activation email will be sent to the new user.').waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Support' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Tech' }).isChecked()).toBe(false);
    const create = dialog.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    // Typed into and emptied again, the field says why Create stays disabled (spec section 5).
    await dialog.getByRole('textbox', { name: 'Username' }).fill('n');
    await dialog.getByRole('textbox', { name: 'Username' }).fill('');
    await dialog.getByText('Please complete this mandatory field.').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Username' }).getAttribute('aria-invalid')).toBe('true');
    expect(await create.isDisabled()).toBe(true);

    await dialog.getByRole('textbox', { name: 'Username' }).fill('nina e2e');
    await dialog.getByText('Only use alfanumerics, _ and -.').waitFor();
    await dialog.getByRole('textbox', { name: 'Username' }).fill(newUser.username);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(newUser.name);
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(newUser.email);
    expect(await create.isDisabled()).toBe(false);
    await capturePage(admin, 'users-create', { fullPage: false });
    await create.click();

    await successAlert(admin, `User ${newUser.fullUsername} has been added. An activation email has been sent to ${newUser.email}.`).waitFor();
    await row(admin, newUser.fullUsername).waitFor();
    expect(await row(admin, newUser.fullUsername).innerText()).toContain('Support');
    await row(admin, newUser.fullUsername).getByText('No recent login found.').waitFor();
    const mail = await waitForMail(newUser.email, 'Activate your .be registrar panel account');
    expect(mail).toContain(newUser.fullUsername);
  });

  it('refuses the same username again, on the username field', async () => {
    const dialog = await openAddUserDialog(admin);
    await dialog.getByRole('textbox', { name: 'Username' }).fill(newUser.username.toUpperCase());
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Someone Else');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('someone@acme.example');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('This username is already in use. Please choose another one.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('sends the activation mail again from the edit dialog while the user has not activated', async () => {
    const mailsTo = () =>
      readdirSync(inject('mailDir')).filter((file) =>
        (JSON.parse(readFileSync(join(inject('mailDir'), file), 'utf8')) as ReceivedMail).to.includes(newUser.email),
      ).length;
    const before = mailsTo();
    await row(admin, newUser.fullUsername)
      .getByRole('button', { name: `Edit ${newUser.name}` })
      .click();
    const dialog = admin.getByRole('dialog', { name: `Edit ${newUser.name}` });
    await dialog.getByRole('heading', { name: 'Activation' }).waitFor();
    await dialog.getByText('This user has not activated their account yet.').waitFor();
    await dialog.getByRole('button', { name: 'Resend activation email' }).click();
    await successAlert(admin, `A new activation email has been sent to ${newUser.email}.`).waitFor();
    await expect.poll(mailsTo).toBe(before + 1);
    await capturePage(admin, 'users-resend-activation', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('keeps Update in view at 1366×768, with the actions done at once set apart from the form it saves', async () => {
    await admin.setViewportSize({ width: 1366, height: 768 });
    try {
      await row(admin, newUser.fullUsername)
        .getByRole('button', { name: `Edit ${newUser.name}` })
        .click();
      const dialog = admin.getByRole('dialog', { name: `Edit ${newUser.name}` });
      // The longest the dialog gets: a user awaiting activation, with 2-step reset, activation and access.
      await dialog.getByRole('heading', { name: 'Activation' }).waitFor();
      const update = dialog.getByRole('button', { name: 'Update' });
      // Faded in and slid into place before the picture.
      await expect.poll(() => admin.locator('.modal.show').evaluate((modal) => getComputedStyle(modal).opacity)).toBe('1');
      await expect.poll(() => admin.locator('.modal.show .modal-dialog').evaluate((box) => getComputedStyle(box).transform)).toBe('none');
      await capturePage(admin, 'users-edit-dialog-layout', { fullPage: false });
      // Within the window and on top: not under the fold, not under the scrolling body.
      await expect
        .poll(() =>
          update.evaluate((button) => {
            const box = button.getBoundingClientRect();
            return box.bottom <= window.innerHeight && document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === button;
          }),
        )
        .toBe(true);
      // The form Update saves holds the details only; the immediate actions sit in their own panel.
      const form = dialog.locator('form#user-form');
      expect(await form.getByRole('textbox', { name: 'Email' }).count()).toBe(1);
      expect(await form.getByTestId('totp-reset').count()).toBe(0);
      const actions = dialog.getByRole('region', { name: 'Actions that take effect at once' });
      for (const name of ['2-step verification', 'Activation', 'Access']) expect(await actions.getByRole('heading', { name }).count()).toBe(1);
      expect(await actions.getByText('Update does not save them', { exact: false }).count()).toBe(1);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await admin.setViewportSize({ width: 1366, height: 850 });
    }
  });

  it('lets the new user activate the account, set up 2-step verification and sign in', async () => {
    const mail = await waitForMail(newUser.email, 'Activate your .be registrar panel account');
    const link = /https?:\/\/\S+action-token\?key=\S+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    const user = await newPage(browser);
    await user.goto(link!);
    await user.getByRole('heading', { name: 'Activate your account' }).waitFor();
    await user.getByLabel('New password', { exact: true }).fill(password);
    await user.getByLabel('Confirm new password').fill(password);
    await user.getByRole('button', { name: 'Save password' }).click();
    await user.getByRole('heading', { name: 'Your account is active' }).waitFor();

    const secret = await signInToEnrolment(user);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await submitCode(user, await nextOneTimeCode(newUser.fullUsername, secret));
    await waitForPortal(user);

    // A SUPPORT user is told who manages users instead of meeting an error.
    await user.goto('/users');
    await user.getByText('Only administrators manage users').waitFor();
    expect(await user.locator('tr.user-row').count()).toBe(0);
    await capturePage(user, 'users-not-admin');
    await user.context().close();
  });

  it("shows the new user's sign-in as last login and in the recent activities", async () => {
    await admin.goto('/users');
    const newRow = row(admin, newUser.fullUsername);
    // The last login loads per row after the list: on a busy machine, more than the poll's default second.
    await expect.poll(() => newRow.locator('td').nth(5).innerText(), { timeout: 10_000 }).toMatch(dateTime);
    await newRow.click();
    const details = admin.getByTestId('user-details');
    await details.getByRole('link', { name: newUser.email }).waitFor();
    await details.getByText('Signed in').first().waitFor();
    expect(await details.locator('.user-activities').innerText()).toMatch(/IP \S+/);
    await capturePage(admin, 'users-expanded');
    await details.getByRole('button', { name: 'Close details' }).click();
    await details.waitFor({ state: 'detached' });
  });

  it('reloads when the Users menu entry is chosen again on /users', async () => {
    await admin.goto('/users');
    await row(admin, 'support@acme').click();
    await admin.getByTestId('user-details').waitFor();
    const reload = admin.waitForRequest((request) => request.method() === 'GET' && new URL(request.url()).pathname === '/services/users');
    await admin.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Users' }).click();
    await reload;
    await admin.getByTestId('user-details').waitFor({ state: 'detached' });
    expect(new URL(admin.url()).pathname).toBe('/users');
  });

  it('changes the roles, then returns to the top of a reloaded list', async () => {
    await admin.setViewportSize({ width: 1366, height: 420 });
    await admin.goto('/users');
    const newRow = row(admin, newUser.fullUsername);
    await newRow.waitFor();
    await admin.evaluate(() => window.scrollTo({ top: document.body.scrollHeight }));
    expect(await admin.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await newRow.getByRole('button', { name: `Edit ${newUser.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Edit ${newUser.name}` });
    const username = dialog.getByRole('textbox', { name: 'Username' });
    expect(await username.inputValue()).toBe(newUser.username);
    expect(await username.getAttribute('readonly')).not.toBeNull();
    await dialog.getByRole('checkbox', { name: 'Support' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Tech' }).check();
    await dialog.getByRole('checkbox', { name: 'Finance' }).check();
    await capturePage(admin, 'users-edit', { fullPage: false });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await successAlert(admin, `User ${newUser.fullUsername} has been updated.`).waitFor();
    await expect.poll(() => newRow.locator('td').nth(2).innerText()).toMatch(/^Tech\s+Finance$/);
    await dialog.waitFor({ state: 'detached' });
    // Bootstrap scrolls smoothly: wait for the page to arrive at the top.
    await expect.poll(() => admin.evaluate(() => window.scrollY)).toBe(0);
    await admin.setViewportSize({ width: 1366, height: 850 });
  });

  it('asks an ADMIN whose sign-in is older than 15 minutes for the password and code before the edit dialog opens, and opens it on return', async () => {
    const page = await newPage(browser);
    try {
      const signedInAt = await authTimeSent(page, () => signIn(page, 'admin@acme', undefined, '/users'));
      await row(page, newUser.fullUsername).waitFor();
      // The browser's clock 16 minutes on: the sign-in it holds is now older than the window.
      await page.clock.setSystemTime(new Date(Date.now() + 16 * 60_000));
      await row(page, newUser.fullUsername)
        .getByRole('button', { name: `Edit ${newUser.name}` })
        .click();
      // The identity service's page, before any part of the dialog was usable.
      await page.getByLabel('Password').waitFor();
      expect(new URL(page.url()).pathname.startsWith('/auth/')).toBe(true);
      // The clock right again: on return the renewed sign-in counts as recent.
      await page.clock.setSystemTime(new Date());
      await submitPassword(page, 'admin@acme');
      await submitCode(page, await nextOneTimeCode('admin@acme'));
      await waitForPortal(page);
      const dialog = page.getByRole('dialog', { name: `Edit ${newUser.name}` });
      await dialog.waitFor();
      expect(new URL(page.url()).search).toBe('');
      await capturePage(page, 'users-edit-after-reauthentication', { fullPage: false });
      // The renewed sign-in lets the server take the change: its token says the password and code were just given.
      const renewedAt = await authTimeSent(page, () => dialog.getByRole('button', { name: 'Update' }).click());
      expect(renewedAt).toBeGreaterThan(signedInAt);
      await successAlert(page, `User ${newUser.fullUsername} has been updated.`).waitFor();
    } finally {
      await page.context().close();
    }
  }, 120_000);

  // Two sign-ins with one-time codes: up to a minute of waiting for unused codes.
  it('opens /users?edit=… with an older sign-in only after the password and code, and goes round once only', async () => {
    const page = await newPage(browser);
    try {
      await signIn(page, 'admin@acme', undefined, '/users');
      await row(page, 'tech@acme').waitFor();
      // A link or Back to the dialog's address, with the sign-in older than the window.
      await page.clock.setSystemTime(new Date(Date.now() + 16 * 60_000));
      await page.goto('/users?edit=tech@acme');
      await page.getByLabel('Password').waitFor();
      expect(new URL(page.url()).pathname.startsWith('/auth/')).toBe(true);
      // The browser's clock stays off: back on the portal, the page says so instead of sending the user round again.
      await submitPassword(page, 'admin@acme');
      await submitCode(page, await nextOneTimeCode('admin@acme'));
      await waitForPortal(page);
      const refusal = page.getByText('User tech@acme cannot be edited yet: your sign-in still does not count as recent.', { exact: false });
      await refusal.waitFor();
      await row(page, 'tech@acme').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/users');
      expect(new URL(page.url()).search).toBe('');
      await capturePage(page, 'users-edit-sign-in-not-recent');
      // With the clock right, the sign-in just renewed opens the dialog at once.
      await page.clock.setSystemTime(new Date());
      await row(page, 'tech@acme')
        .getByRole('button', { name: /^Edit / })
        .click();
      await page.getByRole('dialog', { name: /^Edit / }).waitFor();
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it("never offers roles or a TOTP reset for an administrator, and keeps the administrator's roles", async () => {
    await row(admin, 'admin@acme')
      .getByRole('button', { name: /^Edit / })
      .click();
    const dialog = admin.getByRole('dialog', { name: /^Edit / });
    await dialog.getByText('This user is an administrator.', { exact: false }).waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(0);
    expect(await dialog.getByTestId('totp-reset').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await successAlert(admin, 'User admin@acme has been updated.').waitFor();
    expect(await row(admin, 'admin@acme').locator('td').nth(2).innerText()).toBe('Admin');
  });

  it('resets 2-step verification in two clicks; the user is told by mail and sets it up again', async () => {
    await row(admin, newUser.fullUsername)
      .getByRole('button', { name: `Edit ${newUser.name}` })
      .click();
    const dialog = admin.getByRole('dialog', { name: `Edit ${newUser.name}` });
    const reset = dialog.getByTestId('totp-reset');
    expect(await reset.innerText()).toBe('Reset 2-step verification');
    const mailsBefore = mailCount(newUser.email, '2-step verification');
    await reset.click();
    expect(await reset.innerText()).toBe('Click to confirm reset TOTP');
    expect(mailCount(newUser.email, '2-step verification')).toBe(mailsBefore);
    await reset.click();
    await expect.poll(() => reset.innerText()).toBe('TOTP has been reset');
    expect(await reset.isDisabled()).toBe(true);
    await capturePage(admin, 'users-totp-reset', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await waitForMail(newUser.email, 'Your 2-step verification on the .be registrar panel was reset')).toContain(newUser.fullUsername);

    const user = await newPage(browser);
    const secret = await signInToEnrolment(user);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await user.context().close();
  });

  it('deletes the user after confirmation in the Delete dialog', async () => {
    await admin.goto('/users');
    await row(admin, newUser.fullUsername)
      .getByRole('button', { name: `Delete ${newUser.name}` })
      .click();
    const dialog = admin.getByRole('dialog', { name: `Delete ${newUser.name}` });
    await dialog.getByText(`(${newUser.fullUsername})`, { exact: false }).waitFor();
    await capturePage(admin, 'users-delete', { fullPage: false });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await successAlert(admin, `User ${newUser.fullUsername} has been deleted.`).waitFor();
    await row(admin, newUser.fullUsername).waitFor({ state: 'detached' });
    expect(await row(admin, 'support@acme').count()).toBe(1);

    // The deleted user can no longer sign in: the password step does not let them through.
    const user = await newPage(browser);
    await user.goto('/');
    await user.getByLabel('Username').waitFor();
    await submitPassword(user, newUser.fullUsername, password);
    await user.getByRole('alert').waitFor();
    expect(await user.getByLabel('One-time code').count()).toBe(0);
    await user.context().close();
  });
});
