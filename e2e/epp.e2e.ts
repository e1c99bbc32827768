import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { capturePage, phone, screenshotDir } from './support/screenshots';
import type { ReceivedMail } from './support/mail-catcher';
import { signIn } from './support/sign-in';

/*
 * EPP settings in Chromium as a TECH user of the demo registrar acme (no addresses and no EPP
 * password at the start), then as a SUPPORT user and as a user of the ICANN SLA registrar.
 * The tests of a block run in order and carry their state forward, as a user's session would.
 */
let browser: Browser;
let page: Page;

const tooltip =
  'Enter the IP addresses you will use to connect to the EPP server. You can only connect to our EPP server from these IP addresses. IP addresses can be IPv4 or IPv6.';
const emptyWarning = 'There are no IP addresses given. You will not be able to connect to the EPP server. Are you sure you want to save this data?';
const invalidText = 'Invalid characters found. Invalid characters were used.';
const duplicateText = 'This ipAddress already exists.';

const inputs = () => page.getByRole('textbox', { name: /^IP address \d+$/ });
const input = (number: number) => page.getByRole('textbox', { name: `IP address ${number}`, exact: true });
const removeButtons = () => page.getByRole('button', { name: /^Remove IP address \d+$/ });
const updateButton = () => page.getByRole('button', { name: 'Update', exact: true });
const alertWith = (text: string) => page.locator('.app-alerts [role="alert"]', { hasText: text });
const errorAlerts = () => page.locator('.app-alerts .alert-danger');
const feedbackOf = (number: number) => input(number).locator('xpath=ancestor::div[contains(@class, "input-group")]').locator('.invalid-feedback');

async function values(): Promise<string[]> {
  return inputs().evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value));
}

async function listed(): Promise<string[]> {
  return page.getByRole('list', { name: 'Allowed IP addresses' }).getByRole('listitem').allInnerTexts();
}

async function openEdit() {
  await page.goto('/epp/ipaddresses/edit');
  await page.getByRole('heading', { name: 'Update your allowed IP addresses' }).waitFor();
  await input(1).waitFor();
}

/** Mails the SMTP listener received so far, with subject and decoded text. */
function receivedMails(): { to: string[]; subject: string; text: string }[] {
  const dir = inject('mailDir');
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReceivedMail)
    .map((mail) => {
      const [head = '', ...body] = mail.raw.split(/\r?\n\r?\n/);
      const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
      const raw = body.join('\n\n');
      const text = /quoted-printable/i.test(head)
        ? raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        : raw;
      return { to: mail.to, subject, text: text.replace(/\r\n/g, '\n') };
    });
}

/** Waits for `count` mails about `subject` among those received after the first `after` (mail is sent by the relay, a moment after the change). */
async function waitForMail(subject: string, count: number, after = 0) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = receivedMails()
      .slice(after)
      .filter((mail) => mail.subject === subject);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${count} mails with subject ${subject}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('allowed IP addresses of a TECH user', () => {
  beforeAll(async () => {
    page = await newPage(browser);
    await signIn(page, 'tech@acme');
    // The cookie banner (shell.e2e.ts tests it) would cover the forms in the screenshots.
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Close' }).click();
    await page.goto('/epp');
  });

  it('opens /epp on the list: none yet, with an Edit list button', async () => {
    await page.getByRole('heading', { name: 'Allowed IP addresses' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/epp/ipaddresses');
    await page.getByText('No IP addresses found.').waitFor();
    await page.getByRole('link', { name: 'Edit list' }).click();
    await page.waitForURL('**/epp/ipaddresses/edit');
    await page.getByRole('heading', { name: 'Update your allowed IP addresses' }).waitFor();
    expect(await values()).toEqual(['']);
    expect(await removeButtons().count()).toBe(0);
    await page.getByText('You can enter up to 10 IP addresses.').waitFor();
  });

  it('explains the list in a tooltip', async () => {
    await page.getByRole('button', { name: 'About the allowed IP addresses' }).hover();
    expect(await page.getByRole('tooltip').innerText()).toBe(tooltip);
    expect(await page.getByRole('tooltip').getAttribute('class')).toContain('bs-tooltip-end');
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
  });

  it('flips the tooltip below its icon on a phone, where the right side has no room', async () => {
    await page.setViewportSize(phone);
    try {
      await page.getByRole('button', { name: 'About the allowed IP addresses' }).focus();
      const tip = page.getByRole('tooltip');
      await tip.waitFor();
      await expect.poll(async () => (await tip.getAttribute('class')) ?? '').toContain('bs-tooltip-bottom');
      await expect.poll(() => tip.evaluate((element) => getComputedStyle(element).opacity)).toBe('0.9');
      const box = (await tip.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
      await page.screenshot({ path: `${screenshotDir}/epp-ip-tooltip-390.png` });
    } finally {
      await page.getByRole('button', { name: 'About the allowed IP addresses' }).blur();
      await page.setViewportSize({ width: 1366, height: 850 });
    }
  });

  it('appends an empty input when the user types in the last one; every input but the first can be removed', async () => {
    await input(1).pressSequentially('192.0.2.10');
    expect(await values()).toEqual(['192.0.2.10', '']);
    await input(2).pressSequentially('2001:0DB8::1');
    await input(3).fill('192.0.2.1');
    expect(await values()).toEqual(['192.0.2.10', '2001:0DB8::1', '192.0.2.1', '']);
    expect(await removeButtons().allInnerTexts()).toHaveLength(3);
    expect(await removeButtons().evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).toEqual([
      'Remove IP address 2',
      'Remove IP address 3',
      'Remove IP address 4',
    ]);
    expect(await updateButton().isEnabled()).toBe(true);
  });

  it('marks an entry that is no address, and disables Update', async () => {
    await input(4).pressSequentially('1::2::3');
    expect(await feedbackOf(4).innerText()).toBe(invalidText);
    expect(await updateButton().isDisabled()).toBe(true);
    await input(4).fill('192.0.2.300');
    expect(await feedbackOf(4).innerText()).toBe(invalidText);
  });

  it('removes an input the user empties, and keeps the focus in the list', async () => {
    await input(4).fill('');
    expect(await values()).toEqual(['192.0.2.10', '2001:0DB8::1', '192.0.2.1', '']);
    expect(await input(4).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await updateButton().isEnabled()).toBe(true);
  });

  it('marks the later of two equal addresses, whatever their notation', async () => {
    await input(4).fill('2001:db8:0:0:0:0:0:1');
    expect(await feedbackOf(4).innerText()).toBe(duplicateText);
    expect(await feedbackOf(2).isVisible()).toBe(false);
    expect(await updateButton().isDisabled()).toBe(true);
    // The same holds for IPv4: the later entry is flagged, the earlier one is not.
    await input(4).fill('192.0.2.1');
    expect(await feedbackOf(4).innerText()).toBe(duplicateText);
    expect(await feedbackOf(3).isVisible()).toBe(false);
  });

  it('removes an entry through its remove icon', async () => {
    await page.getByRole('button', { name: 'Remove IP address 4' }).click();
    expect(await values()).toEqual(['192.0.2.10', '2001:0DB8::1', '192.0.2.1', '']);
    expect(await page.locator('.invalid-feedback:visible').count()).toBe(0);
    expect(await updateButton().isEnabled()).toBe(true);
  });

  it('goes back to the unchanged list on Cancel', async () => {
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/epp/ipaddresses');
    await page.getByText('No IP addresses found.').waitFor();
  });

  it('saves the list in canonical form and shows it, and mails the technical contact and the administrators', async () => {
    const before = receivedMails().length;
    await openEdit();
    await input(1).fill(' 192.0.2.10 ');
    await input(2).fill('2001:0DB8:0000:0000:0000:0000:0000:0001');
    await input(3).fill('::ffff:198.51.100.7');
    await updateButton().click();
    await page.waitForURL('**/epp/ipaddresses');
    await alertWith('Your allowed IP addresses were updated.').waitFor();
    await page.getByRole('list', { name: 'Allowed IP addresses' }).waitFor();
    expect(await listed()).toEqual(['192.0.2.10', '2001:db8::1', '198.51.100.7']);
    await page.getByText('3 of 10').waitFor();
    await capturePage(page, 'epp-ip-list');

    // One mail per recipient, the technical contact's and the administrator's among them.
    await expect
      .poll(
        () =>
          receivedMails()
            .slice(before)
            .flatMap((mail) => mail.to),
        { timeout: 20_000 },
      )
      .toContain('admin@acme.example');
    const mails = await waitForMail('EPP allowed IP addresses changed for registrar acme', 1, before);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]?.text).toContain('Added: 192.0.2.10, 2001:db8::1, 198.51.100.7');
    expect(mails[0]?.text).toContain('(tech@acme)');
    expect(mails[0]?.text).toMatch(/From IP address: (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
  });

  it('shows the saved addresses plus one empty input, and appends none beyond 10', async () => {
    await openEdit();
    expect(await values()).toEqual(['192.0.2.10', '2001:db8::1', '198.51.100.7', '']);
    for (let number = 4; number <= 10; number++) await input(number).fill(`203.0.113.${number}`);
    expect(await inputs().count()).toBe(10);
    expect((await values()).at(-1)).toBe('203.0.113.10');
    await capturePage(page, 'epp-ip-edit-full');
    await page.getByRole('button', { name: 'Remove IP address 5' }).click();
    expect(await inputs().count()).toBe(10);
    expect((await values()).at(-1)).toBe('');
    expect(await values()).not.toContain('203.0.113.5');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/epp/ipaddresses');
  });

  it('keeps one empty input when every address is removed, and warns before saving no address', async () => {
    await openEdit();
    for (let left = 3; left > 0; left--) await input(1).fill('');
    expect(await values()).toEqual(['']);
    await updateButton().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.modal-body').innerText()).toBe(emptyWarning);
    expect(await dialog.evaluate((element) => element.querySelector('.modal-dialog')?.classList.contains('modal-sm'))).toBe(true);
    await capturePage(page, 'epp-ip-empty-warning', { fullPage: false });

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/epp/ipaddresses/edit');

    const before = receivedMails().length;
    await updateButton().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Update' }).click();
    await page.waitForURL('**/epp/ipaddresses');
    await page.getByText('No IP addresses found.').waitFor();
    const mails = await waitForMail('EPP allowed IP addresses changed for registrar acme', 1, before);
    expect(mails.at(-1)?.text).toContain('Allowed IP addresses now: none.');
  });
});

describe('EPP password of a TECH user', () => {
  const weakText =
    'Password is not strong enough, use at least 14 characters with following special characters: numeric, uppercase, lowercase, special character and space.';
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  const feedback = (label: string) => field(label).locator('xpath=following-sibling::div[contains(@class, "invalid-feedback")]');

  it('asks to set a password when none is set, with both notes and no current password', async () => {
    await page.getByRole('link', { name: 'Password' }).click();
    await page.getByRole('heading', { name: 'Set your EPP password' }).waitFor();
    await page.getByText('This change effects your EPP credentials, please update your EPP client accordingly!').waitFor();
    await page
      .getByText(
        'A secure EPP password contains 14 to 16 characters and has at least 1 uppercase letter, 1 lowercase letter, 1 digit, 1 special character and 1 space.',
      )
      .waitFor();
    expect(await field('Current Password').count()).toBe(0);
    expect(await updateButton().isDisabled()).toBe(true);
  });

  it('applies the password rules as the user types', async () => {
    // Typed into and emptied again, the field says why Update stays disabled (spec section 5).
    await field('New Password').fill('x');
    await field('New Password').fill('');
    expect(await feedback('New Password').innerText()).toBe('Please complete this mandatory field.');
    expect(await updateButton().isDisabled()).toBe(true);
    await field('New Password').fill('Short 1!');
    expect(await feedback('New Password').innerText()).toBe(weakText);
    await field('New Password').fill('Long enough 1! xy');
    expect(await feedback('New Password').innerText()).toBe('Too many characters. The maximum length is 16.');
    await field('New Password').fill('No special 12 ab');
    expect(await feedback('New Password').innerText()).toBe(weakText);
    await field('New Password').fill('Correct Horse 9!');
    expect(await feedback('New Password').isVisible()).toBe(false);
    await field('Confirm new Password').fill('Correct Horse 8!');
    expect(await feedback('Confirm new Password').innerText()).toBe('Passwords do not match.');
    expect(await updateButton().isDisabled()).toBe(true);
    // Changing the new password to the repeat clears the mismatch.
    await field('New Password').fill('Correct Horse 8!');
    expect(await feedback('Confirm new Password').isVisible()).toBe(false);
    expect(await updateButton().isEnabled()).toBe(true);
  });

  it('shows an unsafe password on the New Password field, not as an alert', async () => {
    await field('New Password').fill('My ACME key 12!x');
    await field('Confirm new Password').fill('My ACME key 12!x');
    await updateButton().click();
    await feedback('New Password').filter({ hasText: 'This password is not safe' }).waitFor();
    expect(await feedback('New Password').innerText()).toBe(
      'This password is not safe: it must not be a commonly used password, nor contain your registrar handle, a username, the word ‘registrar’ or the TLD, nor be the same as the current password.',
    );
    expect(await errorAlerts().count()).toBe(0);
    expect(await updateButton().isDisabled()).toBe(true);
    await capturePage(page, 'epp-password-unsafe');
  });

  it('sets the password, resets the form and asks for the current password from then on', async () => {
    await field('New Password').fill('Correct Horse 9!');
    await field('Confirm new Password').fill('Correct Horse 9!');
    await updateButton().click();
    await alertWith('Password successfully updated.').waitFor();
    await page.getByRole('heading', { name: 'Update your EPP password' }).waitFor();
    expect(await field('Current Password').inputValue()).toBe('');
    expect(await field('New Password').inputValue()).toBe('');
    expect(await field('Confirm new Password').inputValue()).toBe('');
    expect(await updateButton().isDisabled()).toBe(true);
    await capturePage(page, 'epp-password-updated');
  });

  it('alerts a wrong current password', async () => {
    await field('Current Password').fill('Wrong Horse 9!!');
    await field('New Password').fill('Purple Monkey 3#');
    await field('Confirm new Password').fill('Purple Monkey 3#');
    await updateButton().click();
    await alertWith('The current password is not correct.').waitFor();
  });

  it('refuses the current password as the new one, and changes it with the right current password', async () => {
    await field('Current Password').fill('Correct Horse 9!');
    await field('New Password').fill('Correct Horse 9!');
    await field('Confirm new Password').fill('Correct Horse 9!');
    await updateButton().click();
    await feedback('New Password').filter({ hasText: 'This password is not safe' }).waitFor();

    await field('New Password').fill('Purple Monkey 3#');
    await field('Confirm new Password').fill('Purple Monkey 3#');
    await updateButton().click();
    await alertWith('Password successfully updated.').waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="oldPassword"]')?.value === '');
    await page.getByRole('heading', { name: 'Update your EPP password' }).waitFor();

    const [setMail] = await waitForMail('EPP password set for registrar acme', 1);
    const [changedMail] = await waitForMail('EPP password changed for registrar acme', 1);
    expect(changedMail?.text).toContain('The EPP password of registrar acme was changed.');
    for (const mail of [setMail, changedMail]) {
      for (const secret of ['Correct Horse', 'Purple Monkey']) expect(mail?.text).not.toContain(secret);
    }
  });
});

describe('a SUPPORT user', () => {
  it('is told that EPP settings are not theirs to manage, and no EPP call is made', async () => {
    const support = await newPage(browser);
    const calls: string[] = [];
    support.on('request', (request) => {
      if (request.url().includes('/services/registrar/epp')) calls.push(request.url());
    });
    await signIn(support, 'support@acme');
    await support.goto('/epp/ipaddresses');
    await support.getByRole('heading', { name: 'You cannot manage EPP settings' }).waitFor();
    expect(await support.getByRole('link', { name: 'Edit list' }).count()).toBe(0);
    await support.goto('/epp/password');
    await support.getByRole('heading', { name: 'You cannot manage EPP settings' }).waitFor();
    expect(await support.getByRole('textbox').count()).toBe(0);
    await capturePage(support, 'epp-support-not-allowed');
    expect(calls).toEqual([]);
    await support.context().close();
  });
});

describe('a user of the ICANN SLA registrar', () => {
  it('may keep up to 100 addresses', async () => {
    page = await newPage(browser);
    await signIn(page, 'tech@icannsla');
    await page.goto('/epp/ipaddresses/edit');
    await page.getByText('You can enter up to 100 IP addresses.').waitFor();
    for (let number = 1; number <= 11; number++) await input(number).fill(`198.51.100.${number}`);
    expect(await inputs().count()).toBe(12);
    await updateButton().click();
    await page.waitForURL('**/epp/ipaddresses');
    await page.getByText('11 of 100').waitFor();
    expect(await listed()).toHaveLength(11);
    await page.context().close();
  });
});
