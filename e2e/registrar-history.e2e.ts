import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { capturePage, phone } from './support/screenshots';
import { signIn, submitPassword } from './support/sign-in';
import { openSignedIn } from './support/signed-in';

/*
 * The registrar's history in Chromium, as admin@acme: a contact change made in the portal shows in
 * the history (reached from the overview's header) with its before and after values, a filter that
 * lives in the address, the CSV export, and the phone's stacked cards; tech@acme is told it may not
 * see it. Other suites change acme at the same time: only this suite's own change is looked for.
 */
let browser: Browser;
let page: Page;
const newName = `History Tester ${Date.now().toString(36)}`;

const alertWith = (target: Page, text: string) => target.locator('.app-alerts [role="alert"]', { hasText: text });
// Rows of the answer to the current address: while another filter loads, the last results stay, marked busy.
const rows = (target: Page) => target.locator('[data-testid="history-results"]:not([aria-busy="true"]) [data-testid="history-table"] tbody tr');

beforeAll(async () => {
  ({ browser, page } = await openSignedIn('admin@acme'));
});

afterAll(async () => {
  await browser?.close();
});

describe('the registrar history as admin@acme', () => {
  let oldName = '';

  it('records a change of the technical contact made in the portal', async () => {
    await page.goto('/registrar/publicProfile/editTechContact');
    await page.getByRole('heading', { name: 'Update technical contact information' }).waitFor();
    const name = page.getByLabel(/^Name/);
    await expect.poll(() => name.inputValue()).not.toBe('');
    oldName = await name.inputValue();
    await name.fill(newName);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await alertWith(page, 'The technical contact was updated.').waitFor();
  });

  it("is reached from the overview's header, without a new tab, and shows the change with before and after", async () => {
    await page.goto('/registrar/generalData');
    const tabs = page.getByRole('navigation', { name: 'Registrar overview' }).getByRole('link');
    await tabs.first().waitFor();
    expect(await tabs.allInnerTexts()).toEqual(['General data', 'Public profile', 'Transactions', 'Billing']);
    await page.getByTestId('history-link').click();
    await page.waitForURL('**/registrar/history');
    await page.getByRole('heading', { name: 'Registrar history', level: 1 }).waitFor();
    expect(await page.title()).toBe('Registrar history · .be registrar panel');

    const mine = rows(page).filter({ hasText: newName }).first();
    await mine.waitFor();
    expect(await mine.locator('td').nth(1).innerText()).toBe('admin@acme');
    expect(await mine.locator('td').nth(2).innerText()).toBe('Changed the technical contact');
    // On screen 'Name: old → new'; a screen reader hears 'changed to' instead of the arrow.
    const details = (await mine.locator('td').nth(3).innerText()).replace(/\s+/g, ' ');
    expect(details).toContain(`Name: ${oldName} → changed to ${newName}`);
    expect(await mine.locator('td').first().innerText()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} CES?T$/);
    // The sign-in of this session is there too.
    await page.getByLabel('Kind of action').selectOption({ label: 'Sign-ins' });
    await page.getByLabel('User', { exact: true }).fill('admin');
    await page.getByRole('button', { name: 'Show' }).click();
    // The page's own address, read until it holds the filter: Show changes it within the page, and
    // waitForURL also waits for a 'load' that a busy page may not report again (CI saw it time out).
    await expect.poll(() => new URL(page.url()).search).toBe('?user=admin&kind=signIn');
    await rows(page).filter({ hasText: 'Signed in' }).first().waitFor();
  });

  it('filters by user and kind, keeps the filter in the address, and runs it again from a shared link', async () => {
    // A kind chosen while the page still renders the last Show is kept (the address changes first;
    // the form once followed it and lost the choice). A slowed processor opens that moment wide.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    try {
      await page.getByLabel('Kind of action').selectOption({ label: 'EPP changes' });
      const answered = page.waitForResponse((response) => response.url().includes('kind=epp'));
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByLabel('Kind of action').selectOption({ label: 'Contact changes' });
      await answered;
      await expect.poll(() => new URL(page.url()).search).toBe('?user=admin&kind=epp');
      await page.locator('[data-testid="history-results"]:not([aria-busy="true"])').waitFor();
      expect(await page.getByLabel('Kind of action').inputValue()).toBe('contacts');
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?user=admin&kind=contacts');
    // Back and Forward: the form follows the address, also back to a filter it applied itself.
    await page.goBack();
    await expect.poll(() => page.getByLabel('Kind of action').inputValue()).toBe('epp');
    await page.goForward();
    await expect.poll(() => page.getByLabel('Kind of action').inputValue()).toBe('contacts');
    expect(new URL(page.url()).search).toBe('?user=admin&kind=contacts');
    await rows(page).filter({ hasText: newName }).first().waitFor();
    // The address changes before the page renders the new answer: wait until contact changes, and
    // only those, are listed (an empty table while the answer loads is not that yet).
    const contactChange = /^Changed the (public|technical|administrative|abuse) contact$/;
    await expect
      .poll(async () => {
        const listed = await rows(page).locator('td:nth-child(3)').allInnerTexts();
        return listed.length > 0 && listed.every((action) => contactChange.test(action));
      })
      .toBe(true);
    const actions = await rows(page).locator('td:nth-child(3)').allInnerTexts();
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action).toMatch(contactChange);
    const users = await rows(page).locator('td:nth-child(2)').allInnerTexts();
    expect(new Set(users)).toEqual(new Set(['admin@acme']));
    await capturePage(page, 'registrar-history');

    // A colleague opens the shared link.
    const shared = await newPage(browser);
    await signIn(shared, 'support@acme', undefined, '/registrar/history?user=admin&kind=contacts');
    await shared.getByRole('heading', { name: 'Registrar history', level: 1 }).waitFor();
    expect(await shared.getByLabel('Kind of action').inputValue()).toBe('contacts');
    expect(await shared.getByLabel('User', { exact: true }).inputValue()).toBe('admin');
    await rows(shared).filter({ hasText: newName }).first().waitFor();
    await shared.close();
  });

  it('lists a failed sign-in for a name that is no account without the name typed', async () => {
    const typed = `+32 470 12 34 56 call\u202Eus ${Date.now().toString(36)}@acme`;
    // The tests after this one go on from the filtered history the earlier ones left.
    const before = page.url();
    const stranger = await newPage(browser);
    await stranger.goto('/');
    await stranger.getByLabel('Username').waitFor();
    await submitPassword(stranger, typed, 'not the password');
    await stranger.getByRole('alert').filter({ hasText: 'Invalid username or password.' }).waitFor();
    await stranger.close();
    await page.goto('/registrar/history?kind=signIn');
    const guess = rows(page).filter({ hasText: 'A name that is no account' }).first();
    await guess.waitFor();
    expect(await guess.locator('td').nth(2).innerText()).toBe('Sign-in failed: wrong password');
    expect(await page.locator('main').innerText()).not.toContain('+32 470');
    await capturePage(page, 'registrar-history-no-account');
    await page.goto(before);
    await rows(page).first().waitFor();
  });

  it('shows each entry as a card on a phone, every value labelled', async () => {
    await page.setViewportSize(phone);
    try {
      const cell = rows(page).first().locator('td').nth(2);
      const label = await cell.evaluate((element) => getComputedStyle(element, '::before').content);
      expect(label).toContain('Action');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await page.setViewportSize({ width: 1366, height: 850 });
    }
  });

  it('exports the filtered history as CSV, itself recorded as a download', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('history-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^acme-history-\d{8}-\d{6}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Time,User,Action,Details,IP address');
    const mine = lines.find((line) => line.includes(newName));
    expect(mine).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00,admin@acme,registrar\.techContact\.update,"\{/);
    // Only contact changes: the export's own record is a download, outside this filter.
    expect(
      lines
        .slice(1)
        .filter(Boolean)
        .every((line) => line.includes(',registrar.')),
    ).toBe(true);

    await page.getByLabel('Kind of action').selectOption({ label: 'Downloads' });
    await page.getByRole('button', { name: 'Show' }).click();
    const exported = rows(page).filter({ hasText: 'Exported the registrar history (CSV)' }).first();
    await exported.waitFor();
    expect(await exported.locator('td').nth(3).innerText()).toMatch(/File: acme-history-\d{8}-\d{6}\.csv/);
    await capturePage(page, 'registrar-history-downloads');
  });

  it('refuses an end date before the start date on its field', async () => {
    await page.getByLabel('From', { exact: true }).fill('2025-03-10');
    await page.getByLabel('To', { exact: true }).fill('2025-03-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('The end date cannot be before the start date.').waitFor();
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await capturePage(page, 'registrar-history-invalid-range');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.pathname === '/registrar/history' && url.search === '');
  });
});

describe('who looked at personal data (ADMIN only)', () => {
  it('lists the search and the registration admin@acme opened, with the contact handles shown', async () => {
    await page.goto('/registrations/search?domainname=*&page=1');
    const firstResult = page.locator('.registration-results tbody tr td:first-child a').first();
    await firstResult.waitFor();
    const name = await firstResult.innerText();
    await firstResult.click();
    await page.waitForURL((url) => url.pathname.startsWith('/registrations/registration/'));
    await page.locator('[data-section="general"]').waitFor();

    await page.goto('/registrar/history?user=admin&kind=personalData');
    await page.getByTestId('history-personal-data-note').waitFor();
    expect(await page.getByLabel('Kind of action').inputValue()).toBe('personalData');
    const viewed = rows(page).filter({ hasText: 'Registration details' }).first();
    await viewed.waitFor();
    expect(await viewed.locator('td').nth(1).innerText()).toBe('admin@acme');
    expect(await viewed.locator('td').nth(2).innerText()).toBe('Viewed personal data');
    const details = (await viewed.locator('td').nth(3).innerText()).replace(/\s+/g, ' ');
    expect(details).toContain('GET /domains/:domainName');
    expect(details).toContain('Contact handles:');
    expect(details.toLowerCase()).toContain(name.toLowerCase().split('.')[0] ?? name);
    const searched = rows(page).filter({ hasText: 'Search results' }).first();
    await searched.waitFor();
    expect((await searched.locator('td').nth(3).innerText()).replace(/\s+/g, ' ')).toContain('ulabel=*');
    await capturePage(page, 'registrar-history-personal-data');
  });

  it('is no kind for support@acme, whose history is otherwise the same', async () => {
    const support = await newPage(browser);
    await signIn(support, 'support@acme', undefined, '/registrar/history');
    await support.getByRole('heading', { name: 'Registrar history', level: 1 }).waitFor();
    const kinds = await support.getByLabel('Kind of action').locator('option').allInnerTexts();
    expect(kinds).toContain('Sign-ins');
    expect(kinds).not.toContain('Personal data viewed');
    expect(await support.getByTestId('history-personal-data-note').count()).toBe(0);
    // An address that asks for it anyway is refused by the server.
    await support.goto('/registrar/history?kind=personalData');
    await alertWith(support, 'You are not allowed to do this.').waitFor();
    await support.close();
  });
});

describe('the registrar history for other roles', () => {
  it('is not linked for tech@acme, and its address shows the not-allowed notice', async () => {
    const tech = await newPage(browser);
    await signIn(tech, 'tech@acme', undefined, '/registrar/generalData');
    await tech.getByRole('heading', { name: 'General data' }).waitFor();
    expect(await tech.getByTestId('history-link').count()).toBe(0);
    await tech.goto('/registrar/history');
    await tech.getByTestId('not-allowed').waitFor();
    expect(await tech.getByTestId('not-allowed').innerText()).toContain('It is open to users with the SUPPORT or ADMIN role.');
    await tech.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Close' }).click();
    await capturePage(tech, 'registrar-history-not-allowed');
    await tech.close();
  });
});
