import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSaying, closeAlert } from './support/alerts';
import { expectNoAxeViolations } from './support/axe';
import { capturePage, laptop, phone } from './support/screenshots';
import { openSignedIn } from './support/signed-in';

/*
 * The notification rules page as support@icannsla uses it (no other file changes its registrar's
 * rules or its mail choice): reached from the inbox's header, a rule added (after the form refuses it
 * without a name), read back in words, changed; the search page's search saved as a rule; a rule
 * deleted after the confirmation; the user's own mail choice saved. The server's rules (caps, recipients, another
 * registrar's rules) are apps/server's notification-rules.test.ts.
 */
const username = 'support@icannsla';
let browser: Browser;
let page: Page;

const rule = (name: string) => page.getByTestId('rule').filter({ has: page.getByRole('heading', { name, exact: true }) });

beforeAll(async () => {
  ({ browser, page } = await openSignedIn(username, { axe: true, path: '/messages' }));
});

afterAll(async () => {
  await browser?.close();
});

describe('notification rules', () => {
  it('are reached from the inbox; a rule is added and listed in words', async () => {
    await page.getByRole('link', { name: 'Notification rules' }).click();
    await page.waitForURL((url) => url.pathname === '/messages/rules');
    await page.getByRole('heading', { name: 'Notification rules', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Notification rules · .be registrar panel');

    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a notification rule' });
    await dialog.waitFor();
    // The user adding it is a recipient from the start; without a name the form says so on the field.
    expect(await dialog.getByRole('checkbox', { name: new RegExp(`\\(${username}\\)`) }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(() => dialog.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Name').fill('Holds by the registry');
    await dialog.getByLabel('What the rule watches').selectOption({ label: 'A registration enters a status' });
    await dialog.getByLabel('Status').selectOption('serverHold');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await closeAlert(page, 'Rule Holds by the registry added.');
    await dialog.waitFor({ state: 'detached' });
    expect(await rule('Holds by the registry').getByTestId('rule-watch').innerText()).toBe('Enters status serverHold');
  });

  it('changes a rule', async () => {
    await rule('Holds by the registry').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the notification rule' });
    await dialog.getByLabel('Name').fill('Expiring soon');
    await dialog.getByLabel('What the rule watches').selectOption({ label: 'A registration expires within a number of days' });
    await dialog.getByLabel('Days before the expiry date').fill('30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await closeAlert(page, 'Rule Expiring soon saved.');
    await dialog.waitFor({ state: 'detached' });
    expect(await rule('Expiring soon').getByTestId('rule-watch').innerText()).toBe('Expires within 30 days');
    await expect.poll(() => rule('Holds by the registry').count()).toBe(0);
  });

  it("saves the search page's search as a rule; the page passes axe at 1366 and 390 px", async () => {
    await page.goto('/registrations/search?domainname=*an*&page=1&status=ok');
    await page.getByRole('link', { name: 'Save as rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a notification rule' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('What the rule watches').inputValue()).toBe('searchCount');
    expect(await dialog.getByLabel('Search', { exact: true }).inputValue()).toBe('*an*');
    await dialog.getByLabel('Name').fill('Names with an');
    await dialog.getByLabel('Threshold').fill('100');
    await capturePage(page, 'notification-rules-form', { fullPage: false });
    await expectNoAxeViolations(page, 'the rule form');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await closeAlert(page, 'Rule Names with an added.');
    await page.waitForURL((url) => url.pathname === '/messages/rules' && url.search === '');
    expect(await rule('Names with an').getByTestId('rule-watch').innerText()).toBe('Saved search *an* (status ok): count at least 100');

    await capturePage(page, 'notification-rules');
    await expectNoAxeViolations(page, 'the rules page');
    await page.setViewportSize(phone);
    await expectNoAxeViolations(page, 'the rules page at 390 px');
    await page.setViewportSize(laptop);
  });

  it('deletes a rule after the confirmation, and saves the mail choice', async () => {
    await rule('Names with an').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this rule?' });
    await confirm.getByRole('button', { name: 'Delete rule' }).click();
    await alertSaying(page, 'Rule Names with an deleted.').waitFor();
    await expect.poll(() => rule('Names with an').count()).toBe(0);

    const mail = page.getByTestId('rules-mail');
    await mail.getByRole('radio', { name: /A daily digest/ }).check();
    await mail.getByRole('button', { name: 'Save choice' }).click();
    await alertSaying(page, 'Your e-mail choice is saved: A daily digest.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Notification rules', level: 1 }).waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('rules-mail')
          .getByRole('radio', { name: /A daily digest/ })
          .isChecked(),
      )
      .toBe(true);
  });
});
