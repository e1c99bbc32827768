import { readFileSync } from 'node:fs';
import { brusselsYearMonth } from '@registrar-panel/contract';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { capturePage, phone, screenshotDir } from './support/screenshots';
import { signIn } from './support/sign-in';
import { openSignedIn } from './support/signed-in';

/*
 * The registrar section in Chromium, as support@acme (who may edit contacts, see billing and
 * download reports), with tech@acme editing the same registrar at the same time, and as other
 * roles and registrars for what they may see. The tests of a block run in order and carry their
 * state forward, as a user's session would.
 */
let browser: Browser;
let page: Page;

const alertWith = (target: Page, text: string) => target.locator('.app-alerts [role="alert"]', { hasText: text });
const section = (target: Page, id: string) => target.locator(`[data-section="${id}"]`);
const field = (target: Page, scope: ReturnType<typeof section>, name: string) => scope.locator(`[data-field="${name}"] dd`);
const updateButton = (target: Page) => target.getByRole('button', { name: 'Update', exact: true });

async function open(target: Page, path: string, heading: string) {
  await target.goto(path);
  await target.getByRole('heading', { name: heading, exact: true }).waitFor();
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

async function saved(download: Download): Promise<string> {
  const path = await download.path();
  return readFileSync(path, 'utf8');
}

/** The label a stacked cell draws above its value on a phone (its `::before`), or '' when none shows. */
function drawnLabel(cell: ReturnType<Page['locator']>): Promise<string> {
  return cell.evaluate((element) => {
    const before = getComputedStyle(element, '::before');
    return before.display === 'none' || before.content === 'none' ? '' : (element.getAttribute('data-label') ?? '');
  });
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn('support@acme'));
});

afterAll(async () => {
  await browser?.close();
});

describe('overview and general data', () => {
  it("shows 'Registrar overview', the status badge and the five tabs, starting on general data", async () => {
    await page.goto('/registrar');
    await page.waitForURL('**/registrar/generalData');
    await page.getByRole('heading', { name: 'Registrar overview' }).waitFor();
    const badge = page.getByTestId('registrar-status').first();
    expect(await badge.innerText()).toMatch(/^(Initial|Active|Blocked|Suspended|Deleted)$/);
    const tabs = page.getByRole('navigation', { name: 'Registrar overview' }).getByRole('link');
    expect(await tabs.allInnerTexts()).toEqual(['General data', 'Public profile', 'Transactions', 'Billing', 'Reports']);
  });

  it('shows the read-only general data with the support notice, the start date in Brussels time and the main contact links', async () => {
    await open(page, '/registrar/generalData', 'General data');
    await page.getByText('This data cannot be changed here. To have it changed, please contact support.').waitFor();
    const rows = page.locator('.detail-list');
    expect(await rows.first().locator('[data-field="handle"] dd').innerText()).toBe('acme');
    expect(await rows.first().locator('[data-field="ianaId"] dd').innerText()).toBe('1401');
    expect(await rows.first().locator('[data-field="status"] dd').innerText()).toBe('Active');
    expect(await rows.first().locator('[data-field="startDate"] dd').innerText()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} CES?T$/);
    const main = rows.nth(1);
    expect(await main.locator('[data-field="email"] a').getAttribute('href')).toMatch(/^mailto:.+@.+/);
    expect(await main.locator('[data-field="phone"] a').getAttribute('href')).toMatch(/^tel:\+\d+$/);
    expect(await main.locator('[data-field="address"] dd').innerText()).toContain('Belgium');
    await capturePage(page, 'registrar-general-data');
  });
});

describe('public profile and its edit screens', () => {
  it('shows the WHOIS note and four sections, each with Update details; the abuse contact has no name', async () => {
    await open(page, '/registrar/publicProfile', 'Public contact');
    await page.getByText('The data below is used in WHOIS and in the public list of registrars.').waitFor();
    for (const id of ['public-contact', 'tech-contact', 'admin-contact', 'abuse-contact']) {
      await section(page, id)
        .getByRole('link', { name: /^Update details/ })
        .waitFor();
    }
    expect(await section(page, 'abuse-contact').locator('[data-field="name"]').count()).toBe(0);
    expect(
      await section(page, 'tech-contact')
        .locator('[data-field]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-field'))),
    ).toEqual(['name', 'phone', 'email']);
    await capturePage(page, 'registrar-public-profile');
  });

  it('edits the public contact: errors once a field is dirty, Update disabled while invalid, countries by name', async () => {
    await section(page, 'public-contact')
      .getByRole('link', { name: /^Update details/ })
      .click();
    await page.waitForURL('**/registrar/publicProfile/editPublicContact');
    await page.getByRole('heading', { name: 'Update public contact information' }).waitFor();
    const country = page.getByLabel('Country');
    await expect.poll(() => country.inputValue()).toBe('BE');
    const names = await country.locator('option').allInnerTexts();
    expect(names.slice(1)).toEqual([...names.slice(1)].sort((a, b) => a.localeCompare(b, 'en')));
    await expect.poll(() => updateButton(page).isEnabled()).toBe(true);

    const organisation = page.getByLabel('Organisation');
    await organisation.fill('');
    await page.getByText('Please complete this mandatory field.').waitFor();
    expect(await updateButton(page).isDisabled()).toBe(true);
    await page.getByLabel('URL').fill('ftp://acme.example');
    await page.getByText('This is an invalid URL.').waitFor();
    await page.getByLabel('Phone').fill('+32 2 123');
    await page.getByText('This is an invalid phone number. Please check the content of this field.').waitFor();
    await page.getByLabel('Postal code').fill('12345678901234567');
    await page.getByText('Too many characters. The maximum length is 16.').waitFor();
    await capturePage(page, 'registrar-edit-public-invalid');

    await organisation.fill('Acme Domains Benelux BV');
    await page.getByLabel('URL').fill('https://www.acme-benelux.example');
    await page.getByLabel('Phone').fill('+31.201234567');
    await page.getByLabel('Postal code').fill('1012 AB');
    await page.getByLabel('City').fill('Amsterdam');
    await page.getByLabel('Street (line 2)').fill('Floor 3');
    await country.selectOption({ label: 'Netherlands' });
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight }));
    await updateButton(page).click();

    await page.waitForURL('**/registrar/publicProfile');
    await alertWith(page, 'The public contact was updated.').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const contact = section(page, 'public-contact');
    expect(await field(page, contact, 'organization').innerText()).toBe('Acme Domains Benelux BV');
    expect(await field(page, contact, 'address').innerText()).toContain('1012 AB Amsterdam');
    expect(await field(page, contact, 'address').innerText()).toContain('Netherlands');
    expect(await field(page, contact, 'url').innerText()).toBe('https://www.acme-benelux.example');
  });

  it('edits the technical contact', async () => {
    await section(page, 'tech-contact')
      .getByRole('link', { name: /^Update details/ })
      .click();
    await page.getByRole('heading', { name: 'Update technical contact information' }).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByText('This is an invalid email address.').waitFor();
    expect(await updateButton(page).isDisabled()).toBe(true);
    await page.getByLabel('Name').fill('Tess Tech');
    await page.getByLabel('Email').fill('tess.tech@acme.example');
    await page.getByLabel('Phone').fill('+32.9876543');
    await capturePage(page, 'registrar-edit-tech');
    await updateButton(page).click();
    await page.waitForURL('**/registrar/publicProfile');
    await alertWith(page, 'The technical contact was updated.').waitFor();
    const tech = section(page, 'tech-contact');
    expect(await field(page, tech, 'name').innerText()).toBe('Tess Tech');
    expect(await field(page, tech, 'email').innerText()).toBe('tess.tech@acme.example');
    expect(await field(page, tech, 'phone').innerText()).toBe('+32.9876543');
  });

  it('edits the administrative contact, leaving the optional name empty', async () => {
    await section(page, 'admin-contact')
      .getByRole('link', { name: /^Update details/ })
      .click();
    await page.getByRole('heading', { name: 'Update admin contact information' }).waitFor();
    await page.getByLabel('Name').fill('');
    await page.getByLabel('Phone').fill('+32.111222333');
    await expect.poll(() => updateButton(page).isEnabled()).toBe(true);
    await updateButton(page).click();
    await page.waitForURL('**/registrar/publicProfile');
    await alertWith(page, 'The administrative contact was updated.').waitFor();
    const admin = section(page, 'admin-contact');
    expect(await field(page, admin, 'name').innerText()).toBe('–');
    expect(await field(page, admin, 'phone').innerText()).toBe('+32.111222333');
  });

  it('edits the abuse contact, whose form has no name', async () => {
    await section(page, 'abuse-contact')
      .getByRole('link', { name: /^Update details/ })
      .click();
    await page.getByRole('heading', { name: 'Update abuse contact information' }).waitFor();
    expect(await page.getByLabel('Name').count()).toBe(0);
    await page.getByLabel('Email').fill('abuse-desk@acme.example');
    await updateButton(page).click();
    await page.waitForURL('**/registrar/publicProfile');
    await alertWith(page, 'The abuse contact was updated.').waitFor();
    expect(await field(page, section(page, 'abuse-contact'), 'email').innerText()).toBe('abuse-desk@acme.example');
  });

  it('goes back without saving on Cancel', async () => {
    await section(page, 'tech-contact')
      .getByRole('link', { name: /^Update details/ })
      .click();
    await page.getByLabel('Name').fill('Never Saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/registrar/publicProfile');
    expect(await field(page, section(page, 'tech-contact'), 'name').innerText()).toBe('Tess Tech');
  });

  it('keeps what the user typed and shows the other save when someone saved the same registrar meanwhile', async () => {
    await open(page, '/registrar/publicProfile/editAdminContact', 'Update admin contact information');
    await page.getByLabel('Name').fill('Ann Admin');

    const other = await newPage(browser);
    await signIn(other, 'tech@acme');
    await other.goto('/registrar/publicProfile/editAdminContact');
    await other.getByRole('heading', { name: 'Update admin contact information' }).waitFor();
    await other.getByLabel('Name').fill('Bob Other');
    await updateButton(other).click();
    await alertWith(other, 'The administrative contact was updated.').waitFor();
    await other.context().close();

    await updateButton(page).click();
    const notice = page.getByTestId('edit-conflict');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Someone else saved these details while you were editing them');
    expect(await notice.innerText()).toContain('Bob Other');
    expect(page.url()).toMatch(/\/editAdminContact$/);
    expect(await page.getByLabel('Name').inputValue()).toBe('Ann Admin');
    await capturePage(page, 'registrar-edit-conflict');

    // Having seen the other save, the user saves theirs deliberately.
    await updateButton(page).click();
    await page.waitForURL('**/registrar/publicProfile');
    expect(await field(page, section(page, 'admin-contact'), 'name').innerText()).toBe('Ann Admin');
  });
});

describe('transactions', () => {
  it('shows the current number of transactions and the threshold', async () => {
    await open(page, '/registrar/transactions', 'Protected transaction status');
    expect(await page.locator('[data-field="current"] dt').innerText()).toBe('Current number of transactions');
    expect(await page.locator('[data-field="threshold"] dt').innerText()).toBe('Threshold');
    expect(await page.locator('[data-field="current"] dd').innerText()).toMatch(/^\d+$/);
    await capturePage(page, 'registrar-transactions');
  });
});

describe('billing', () => {
  // Today's year and month (1-12) in Brussels, as the billing picker sees them.
  const today = brusselsYearMonth();
  const year = () => page.getByLabel('Year');
  const month = () => page.getByLabel('Month');
  const selectedMonth = () => month().evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');

  it('offers the years from the creation year to now, the previous year and the current month selected', async () => {
    await open(page, '/registrar/billing', 'Billing lines');
    const years = (await year().locator('option').allInnerTexts()).map(Number);
    expect(years.at(-1)).toBe(today.year);
    expect(years).toEqual(Array.from({ length: years.length }, (_, i) => years[0]! + i));
    expect(Number(await year().inputValue())).toBe(today.year - 1);
    expect(await selectedMonth()).toBe(monthNames[today.month - 1]);
    expect(await month().locator('option').count()).toBe(12);
  });

  it('limits the current year to January up to this month, resetting a later month to January', async () => {
    await month().selectOption({ label: 'December' });
    await year().selectOption(String(today.year));
    expect(await month().locator('option').allInnerTexts()).toEqual(monthNames.slice(0, today.month));
    expect(await selectedMonth()).toBe(today.month === 12 ? 'December' : 'January');
    await year().selectOption(String(today.year - 1));
    expect(await month().locator('option').count()).toBe(12);
  });

  it('shows December of last year and downloads it as {year}12-acme-billingLines.csv', async () => {
    await year().selectOption(String(today.year - 1));
    await month().selectOption({ label: 'December' });
    const [answer] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/services/registrar/finance/billingLines'),
      page.getByRole('button', { name: 'Submit' }).click(),
    ]);
    const total = ((await answer.json()) as { data: { results: unknown[] } }).data.results.length;
    await page.getByTestId('billing-results').waitFor();
    const table = page.locator('table.billing-lines');
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['Transaction date', 'Transaction type', 'Period', 'Domain name', 'svTRID']);
    // The month is longer than a page: the browser shows 100 lines a page, the heading counts them all.
    expect(total).toBeGreaterThan(100);
    expect(await table.locator('tbody tr').count()).toBe(100);
    expect(await page.getByRole('heading', { name: /^Search results/ }).innerText()).toContain(`${total.toLocaleString('en')} lines`);
    expect(await page.getByTestId('billing-range').innerText()).toBe(`Showing lines 1 – 100 of ${total.toLocaleString('en')}.`);
    const dates = await table.locator('tbody tr td:first-child').allInnerTexts();
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date).toMatch(new RegExp(`^${today.year - 1}/12/\\d{2} \\d{2}:\\d{2}:\\d{2} CET$`));
    const types = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    for (const type of types) expect(type).not.toMatch(/\*\*\*/);
    await capturePage(page, 'registrar-billing');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download CSV of the billing lines of December/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${today.year - 1}12-acme-billingLines.csv`);
    const records = (await saved(download)).split('\r\n');
    expect(records[0]).toBe('Transaction date,Transaction type,Transaction subtype,Period,Domain name,svTRID');
    expect(records.at(-1)).toBe('');
    // The CSV holds the whole month, not the page shown.
    expect(records).toHaveLength(total + 2);
    for (const record of records.slice(1, -1)) expect(record).toMatch(new RegExp(`^${today.year - 1}-12-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+01:00,[A-Z_]+,[A-Z_]+,`));
    const domains = await table.locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(records.slice(1, 101).map((record) => record.split(',')[4])).toEqual(domains);

    // The spec's pager (First and Last, at most 20 numbered links), above and below the lines, without asking again.
    const pages = Math.ceil(total / 100);
    const pagers = page.getByRole('navigation', { name: /^Billing line pages/ });
    expect(await pagers.count()).toBe(2);
    const top = page.getByRole('navigation', { name: 'Billing line pages', exact: true });
    expect(await top.locator('[data-page^="page-"]').count()).toBe(Math.min(20, pages));
    const calls: string[] = [];
    const record = (request: { url: () => string }) => {
      if (request.url().includes('/billingLines')) calls.push(request.url());
    };
    page.on('request', record);
    await top.getByRole('link', { name: 'Last' }).click();
    await page.waitForURL(`**/registrar/billing?page=${pages}`);
    await expect.poll(() => page.getByTestId('billing-range').innerText()).toBe(`Showing lines ${(pages - 1) * 100 + 1} – ${total} of ${total}.`);
    expect(await table.locator('tbody tr').count()).toBe(total - (pages - 1) * 100);
    expect(await table.locator('tbody tr td:nth-child(4)').allInnerTexts()).toEqual(records.slice((pages - 1) * 100 + 1, -1).map((r) => r.split(',')[4]));
    await capturePage(page, 'registrar-billing-last-page');
    await top.getByRole('link', { name: 'First' }).click();
    await page.waitForURL((url) => url.pathname === '/registrar/billing' && url.search === '');
    await expect.poll(() => page.getByTestId('billing-range').innerText()).toBe(`Showing lines 1 – 100 of ${total.toLocaleString('en')}.`);
    page.off('request', record);
    expect(calls).toEqual([]);
  });

  it('keeps the header row in view under the portal header while the lines scroll', async () => {
    const table = page.locator('table.billing-lines');
    await page.setViewportSize({ width: 1366, height: 600 });
    try {
      const headerBottom = await page.locator('.app-header').evaluate((header) => header.getBoundingClientRect().bottom);
      const { top, height } = await table.evaluate((element) => ({
        top: element.getBoundingClientRect().top + window.scrollY,
        height: element.getBoundingClientRect().height,
      }));
      expect(height).toBeGreaterThan(1000);
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top + 600);
      const head = (await table.locator('thead th').first().boundingBox())!;
      expect(Math.abs(head.y - headerBottom)).toBeLessThanOrEqual(1);
      expect(
        await table
          .locator('thead th')
          .first()
          .evaluate((th) => getComputedStyle(th).position),
      ).toBe('sticky');
      await page.screenshot({ path: `${screenshotDir}/registrar-billing-sticky-header-1366.png` });
    } finally {
      await page.setViewportSize({ width: 1366, height: 850 });
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    }
  });

  it('links each domain name to its registration, for a role that may read registrations', async () => {
    const table = page.locator('table.billing-lines');
    const names = await table.locator('tbody tr td:nth-child(4)').allInnerTexts();
    const links = table.locator('tbody tr td:nth-child(4) a');
    expect(await links.count()).toBe(names.length);
    expect(await links.first().getAttribute('href')).toBe(`/registrations/registration/${encodeURIComponent(names[0]!)}/view`);
    await links.first().click();
    await page.getByRole('heading', { name: names[0]!, exact: true, level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Billing lines' }).waitFor();
  });

  it('shows each line as a compact card on a phone: name and period, type and date, svTRID', async () => {
    await year().selectOption(String(today.year - 1));
    await month().selectOption({ label: 'December' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('billing-results').waitFor();
    await page.setViewportSize(phone);
    try {
      const rows = page.locator('table.billing-lines tbody tr');
      expect(await rows.count()).toBe(100);
      const cells = rows.first().locator('td');
      const labels: string[] = [];
      for (let i = 0; i < (await cells.count()); i++) labels.push(await drawnLabel(cells.nth(i)));
      // Only the period, a bare number, keeps its label, before its value.
      expect(labels).toEqual(['', '', 'Period', '', '']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${screenshotDir}/registrar-billing-phone-cards-390.png` });
      // Three or four short lines (the date goes under a long type); a long name may wrap once more.
      const heights = (await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height))).sort((a, b) => a - b);
      expect(heights[50]).toBeLessThan(120);
      expect(heights.at(-1)).toBeLessThan(150);
      // A page of 100 lines was 27,000 px long as blocks of labelled values.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(14_000);
    } finally {
      await page.setViewportSize({ width: 1366, height: 850 });
    }
  });

  it('shows January of this year, across the year boundary', async () => {
    await year().selectOption(String(today.year));
    await month().selectOption({ label: 'January' });
    expect(await page.getByTestId('billing-results').count()).toBe(0);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('billing-results').waitFor();
    const empty = await page.getByTestId('billing-no-results').count();
    if (empty === 1) {
      expect(await page.getByTestId('billing-no-results').innerText()).toBe('No search results');
    } else {
      const dates = await page.locator('table.billing-lines tbody tr td:first-child').allInnerTexts();
      for (const date of dates) expect(date).toMatch(new RegExp(`^${today.year}/01/\\d{2} `));
      expect(await page.getByRole('heading', { name: /^Search results/ }).innerText()).toContain(`January ${today.year}`);
    }
  });
});

describe('reports', () => {
  it('downloads the domain names list as domain_names_acme_{YYYYMMDD-HHmmss}.csv, sorted, with a header', async () => {
    await open(page, '/registrar/reports', 'Reports');
    await page.getByRole('heading', { name: 'Domain names list' }).waitFor();
    await capturePage(page, 'registrar-reports');
    const before = new Date();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the domain names list as CSV' }).click()]);
    const name = /^domain_names_acme_(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.csv$/.exec(download.suggestedFilename());
    expect(name, download.suggestedFilename()).not.toBeNull();
    const stamp = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(before);
    expect(`${name![1]}-${name![2]}-${name![3]}`).toBe(stamp);
    const records = (await saved(download)).split('\r\n');
    expect(records[0]).toBe('Domain name,A-label,Registrant,Created,Expiry date');
    const rows = records.slice(1, -1);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows.slice(0, 50)) expect(row).toMatch(/^[^,]+,[^,]+,[^,]*,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00,/);
    const labels = rows.map((row) => row.split(',')[0]!);
    const bytes = (text: string) => Buffer.from(text, 'utf8');
    expect(labels).toEqual([...labels].sort((a, b) => Buffer.compare(bytes(a), bytes(b))));
  });
});

describe('downloads on a slow connection', () => {
  it('shows the progress of the domain list and keeps the page usable until the file arrives', async () => {
    await open(page, '/registrar/reports', 'Reports');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 48 * 1024, uploadThroughput: -1 });
    try {
      const arrived = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Download the domain names list as CSV' }).click();
      const progress = page.getByTestId('download-progress');
      await expect.poll(() => progress.innerText(), { timeout: 20_000 }).toMatch(/Downloading… [1-9]\d? % · \d+ kB received/);
      expect(await page.locator('.app-spinner-overlay').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Download the domain names list as CSV' }).isDisabled()).toBe(true);
      await capturePage(page, 'registrar-report-progress', { fullPage: false });

      // The page stays usable: another tab opens while the file is still coming in.
      await page.getByRole('navigation', { name: 'Registrar overview' }).getByRole('link', { name: 'General data' }).click();
      await page.getByRole('heading', { name: 'General data', exact: true }).waitFor();
      const download = await arrived;
      expect(download.suggestedFilename()).toMatch(/^domain_names_acme_\d{8}-\d{6}\.csv$/);
      expect((await saved(download)).split('\r\n')[0]).toBe('Domain name,A-label,Registrant,Created,Expiry date');
    } finally {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
    }
  });
});

describe('what other roles see', () => {
  it('tells a TECH user why billing is not there, and shows the Reports tab', async () => {
    const tech = await newPage(browser);
    await signIn(tech, 'tech@acme');
    await tech.goto('/registrar/billing');
    await tech.getByTestId('not-allowed').waitFor();
    const notice = tech.getByTestId('not-allowed');
    expect(await notice.innerText()).toContain('It is open to users with the SUPPORT, FINANCE or ADMIN role.');
    // What the role can do instead, each with its page, and whom to ask.
    expect(await tech.getByTestId('not-allowed-yours').getByRole('link').allInnerTexts()).toEqual([
      "See the registrar's general data, public profile and transactions",
      'Update the public, technical, administrative and abuse contacts',
      "Download the list of the registrar's domain names",
      'Manage the EPP allowed IP addresses and the EPP password',
      'Search registrations and view them with their contacts',
    ]);
    expect(await tech.getByTestId('not-allowed-ask').innerText()).toContain('ask an administrator of your registrar (a user with the ADMIN role)');
    const tabs = tech.getByRole('navigation', { name: 'Registrar overview' }).getByRole('link');
    expect(await tabs.allInnerTexts()).toEqual(['General data', 'Public profile', 'Transactions', 'Billing', 'Reports']);
    await capturePage(tech, 'registrar-billing-tech');
    await tech.context().close();
  });

  it('shows a FINANCE user no Reports tab and no Update details, and explains the edit screens', async () => {
    const finance = await newPage(browser);
    await signIn(finance, 'finance@acme');
    await finance.goto('/registrar/publicProfile');
    await finance.getByRole('heading', { name: 'Public contact' }).waitFor();
    const tabs = finance.getByRole('navigation', { name: 'Registrar overview' }).getByRole('link');
    expect(await tabs.allInnerTexts()).toEqual(['General data', 'Public profile', 'Transactions', 'Billing']);
    expect(await finance.getByRole('link', { name: /^Update details/ }).count()).toBe(0);
    await finance.goto('/registrar/publicProfile/editTechContact');
    await finance.getByTestId('not-allowed').waitFor();
    await finance.goto('/registrar/reports');
    await finance.getByTestId('not-allowed').waitFor();
    // Billing lines, whose domain names are no links: the role may not read registrations.
    await finance.goto('/registrar/billing');
    await finance.getByLabel('Year').selectOption(String(brusselsYearMonth().year - 1));
    await finance.getByLabel('Month').selectOption({ label: 'December' });
    await finance.getByRole('button', { name: 'Submit' }).click();
    await finance.getByTestId('billing-results').waitFor();
    expect(await finance.locator('table.billing-lines tbody tr td:nth-child(4)').count()).toBeGreaterThan(0);
    expect(await finance.locator('table.billing-lines tbody tr td:nth-child(4) a').count()).toBe(0);
    await finance.context().close();
  });

  it("shows globex's reset date once its threshold is reached", async () => {
    const globex = await newPage(browser);
    await signIn(globex, 'support@globex');
    await globex.goto('/registrar/transactions');
    await globex.getByRole('heading', { name: 'Protected transaction status' }).waitFor();
    expect(await globex.locator('[data-field="resetDate"] dt').innerText()).toBe('Reset date');
    expect(await globex.locator('[data-field="resetDate"] dd').innerText()).toMatch(
      /^No protected transactions allowed until \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} CES?T$/,
    );
    await capturePage(globex, 'registrar-transactions-globex');
    await globex.context().close();
  });
});

describe('the registrar tabs on a phone (390 px)', () => {
  afterAll(async () => {
    await page.setViewportSize({ width: 1366, height: 850 });
  });

  it.each([
    ['/registrar/generalData', 'General data'],
    ['/registrar/billing', 'Billing'],
    ['/registrar/reports', 'Reports'],
  ])('shows the active tab of %s in full', async (path, label) => {
    await page.setViewportSize(phone);
    await page.goto(path);
    const active = page.getByRole('navigation', { name: 'Registrar overview' }).locator('a.active');
    await active.waitFor();
    expect(await active.innerText()).toBe(label);
    const box = (await active.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

describe('a failed country list', () => {
  it('leaves the country names empty and says so under the picker, without an alert', async () => {
    await page.route('**/services/country', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }));
    try {
      await page.goto('/registrar/publicProfile');
      await page.getByRole('heading', { name: 'Public contact' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await section(page, 'public-contact').locator('[data-field="address"] dd').innerText()).not.toMatch(/Netherlands|Belgium/);
      await page.goto('/registrar/publicProfile/editPublicContact');
      await page.getByTestId('countries-failed').waitFor();
      expect(await page.getByTestId('countries-failed').innerText()).toBe('The list of countries could not be loaded. Please reload the page to try again.');
      expect(await page.locator('.app-alerts [role="alert"]').count()).toBe(0);
    } finally {
      await page.unroute('**/services/country');
    }
  });
});
