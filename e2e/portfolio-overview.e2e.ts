import { readFileSync } from 'node:fs';
import { labelsOf, lifecycleStatus } from '@registrar-panel/contract';
import type { Browser, Download, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoQuotas, demoSeed } from '../apps/server/src/seed/demo-data';
import { RegistryGenerator } from '../apps/server/src/seed/generate';
import { startOfUtcDay } from '../apps/server/src/seed/options';
import { asRegistry } from './support/registry';
import { capturePage, phone } from './support/screenshots';
import { responsesDuring } from './support/responses';
import { openSignedIn } from './support/signed-in';

/*
 * The portfolio overview, the search's filters and its CSV export, and the protected transactions
 * warning, in Chromium as support@acme. The demo data comes from a fixed seed: the test
 * regenerates it to know how many of acme's registrations a filter must find.
 */
let browser: Browser;
let page: Page;

const generator = new RegistryGenerator({ seed: demoSeed, quotas: demoQuotas, today: startOfUtcDay(Date.now()), tld: 'be' });
const acme = [...generator.domainBatches(5_000)].flatMap((batch) => batch.domains).filter((d) => d.registrarHandle === 'acme');
const statusesOf = (d: (typeof acme)[number]) => d.statuses.map((s) => s.status);

const heading = (name: string | RegExp) => page.getByRole('heading', { name }).first();
const resultsHeading = () => heading(/^(1 matching registration found|[\d,]+ matching registrations found)$/);
const number = (text: string) => Number(text.replace(/[^\d]/g, ''));
/** The number of results the search in the address found, from its heading. */
const searchTotal = async () => number(await resultsHeading().innerText());
/** The count an overview row shows. */
const countOf = async (key: string) => number(await page.locator(`[data-count="${key}"] .overview-count-value`).innerText());
const toggle = () => page.getByRole('button', { name: /^Filters/ });

async function saved(download: Download): Promise<string> {
  return readFileSync(await download.path(), 'utf8');
}

const chartChunk = (responses: Response[]) => responses.some((response) => /\/assets\/forecast-chart-[\w-]+\.js$/.test(new URL(response.url()).pathname));

async function openOverview() {
  await page.goto('/registrations/overview');
  await page.getByTestId('overview-totals').waitFor();
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn('support@acme', { path: '/registrations/search' }));
});

afterAll(async () => {
  await browser?.close();
});

describe('the portfolio overview', () => {
  it("is linked from 'Search registrations', has its title and one h1, and loads the chart library only there", async () => {
    await heading('Search registrations').waitFor();
    const searchResponses = await responsesDuring(page, () => page.reload().then(() => heading('Search registrations').waitFor()));
    expect(chartChunk(searchResponses)).toBe(false);
    const responses = await responsesDuring(page, async () => {
      await page.getByRole('link', { name: 'Portfolio overview' }).click();
      await page.waitForURL('**/registrations/overview');
      await page.getByTestId('forecast-chart').locator('canvas').waitFor();
    });
    expect(chartChunk(responses)).toBe(true);
    expect(await page.locator('h1').allInnerTexts()).toEqual(['Portfolio overview']);
    expect(await page.title()).toBe('Portfolio overview · .be registrar panel');
    expect(await countOf('total')).toBe(acme.length);
  });

  it('counts as many registrations as the search its link opens finds', async () => {
    const expectedOk = acme.filter((d) => lifecycleStatus(statusesOf(d)) === 'ok').length;
    expect(await countOf('status-ok')).toBe(expectedOk);
    await page.locator('[data-count="status-ok"]').click();
    await page.waitForURL((url) => url.pathname === '/registrations/search' && url.searchParams.get('status') === 'ok');
    expect(new URL(page.url()).searchParams.get('domainname')).toBe('*');
    expect(await searchTotal()).toBe(expectedOk);
    expect(
      new Set(await page.locator('.registration-results [data-lifecycle]').evaluateAll((badges) => badges.map((b) => b.getAttribute('data-lifecycle')))),
    ).toEqual(new Set(['ok']));

    await openOverview();
    const domainGuard = await countOf('label-DOMAINGUARD');
    expect(domainGuard).toBe(acme.filter((d) => labelsOf(statusesOf(d)).includes('DOMAINGUARD')).length);
    if (domainGuard > 0) {
      await page.locator('[data-count="label-DOMAINGUARD"]').click();
      await page.waitForURL((url) => url.searchParams.get('label') === 'DOMAINGUARD');
      expect(await searchTotal()).toBe(domainGuard);
    }
  });

  it("follows an 'Expiring soon' link to the search with the expiry range", async () => {
    await openOverview();
    const expiring = await countOf('expiring-90');
    expect(expiring).toBeGreaterThan(0);
    await page.locator('[data-count="expiring-90"]').click();
    await page.waitForURL((url) => url.searchParams.has('expiresFrom') && url.searchParams.has('expiresTo'));
    expect(await searchTotal()).toBe(expiring);
    const chips = await page.getByTestId('filter-chips').locator('.search-filter-chip').allInnerTexts();
    expect(chips.map((chip) => chip.replace(/\d{4}\/\d{2}\/\d{2}/, 'DAY'))).toEqual(['Expires from: DAY', 'Expires up to: DAY']);
  });

  it('shows the renewal forecast as a chart with the same numbers in a table of 12 English months, and downloads it as CSV', async () => {
    await openOverview();
    const chart = page.locator('[role="img"]', { has: page.getByTestId('forecast-chart') });
    expect(await chart.getAttribute('aria-label')).toMatch(/^Bar chart of the registrations expiring per month/);
    const months = await page.locator('[data-testid="forecast-table"] tbody th').allInnerTexts();
    expect(months).toHaveLength(12);
    for (const month of months) expect(month).toMatch(/^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download forecast as CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^renewal_forecast_acme_\d{8}-\d{6}\.csv$/);
    const records = (await saved(download)).split(/\r?\n/).filter((line) => line !== '');
    expect(records).toHaveLength(13);
    await capturePage(page, 'portfolio-overview');
  });
});

describe('the search filters', () => {
  // OK registrations with a transfer lock: a filter of each kind that the demo data surely has.
  const expected = acme.filter((d) => lifecycleStatus(statusesOf(d)) === 'ok' && labelsOf(statusesOf(d)).includes('TRANSFER_LOCK'));

  it('puts the chosen filters into the address with the name and page 1, and finds what they match', async () => {
    expect(expected.length).toBeGreaterThan(0);
    await page.goto('/registrations/search');
    await heading('Search registrations').waitFor();
    // Closed at first: the search's results start right under it.
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Lifecycle status', { exact: true }).isVisible()).toBe(false);
    await toggle().click();
    await page.getByLabel('Lifecycle status', { exact: true }).selectOption({ label: 'OK' });
    await page.getByLabel('Label or lock', { exact: true }).selectOption({ label: 'Transfer lock' });
    // With a filter chosen, the name may stay empty: every name.
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'ok');
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({ domainname: '*', page: '1', status: 'ok', label: 'TRANSFER_LOCK' });
    expect(await searchTotal()).toBe(expected.length);
    expect(await toggle().innerText()).toMatch(/Filters\s*2 active/);
    expect(await page.getByTestId('filter-chips').locator('.search-filter-chip').allInnerTexts()).toEqual([
      'Lifecycle status: OK',
      'Label or lock: Transfer lock',
    ]);
    await capturePage(page, 'registrations-search-filtered');
  });

  it('runs the same filtered search again after a reload, its filters open, and keeps it on the way back from a registration', async () => {
    const before = await page.locator('.registration-results tbody tr td:first-child a').allInnerTexts();
    await page.reload();
    await resultsHeading().waitFor();
    // The filters in the address keep the panel open on a laptop.
    expect(await toggle().getAttribute('aria-expanded')).toBe('true');
    expect(await searchTotal()).toBe(expected.length);
    expect(await page.locator('.registration-results tbody tr td:first-child a').allInnerTexts()).toEqual(before);
    expect(await page.getByLabel('Lifecycle status', { exact: true }).inputValue()).toBe('ok');

    const filtered = page.url();
    await page.locator('.registration-results tbody tr td:first-child a').first().click();
    await page.waitForURL('**/registrations/registration/**');
    await page.getByTestId('back-to-search').click();
    await page.waitForURL((url) => url.href === filtered);
    await resultsHeading().waitFor();
    expect(await searchTotal()).toBe(expected.length);
  });

  it('exports every match, not only the page, as CSV with as many rows as the search found', async () => {
    // All OK registrations: more than one page.
    await page.goto('/registrations/search?domainname=*&page=1&status=ok');
    await resultsHeading().waitFor();
    const total = await searchTotal();
    expect(total).toBeGreaterThan(100);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Export results as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^registrations_acme_\d{8}-\d{6}\.csv$/);
    const records = (await saved(download)).split(/\r?\n/).filter((line) => line !== '');
    expect(records.length - 1).toBe(total);
  });

  it('removes one filter with its chip, and all with Clear filters', async () => {
    await page.goto('/registrations/search?domainname=*&page=1&status=ok&label=TRANSFER_LOCK');
    await resultsHeading().waitFor();
    await page.getByRole('link', { name: 'Remove the filter Label or lock: Transfer lock' }).click();
    await page.waitForURL((url) => !url.searchParams.has('label'));
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ domainname: '*', page: '1', status: 'ok' });
    await page.getByTestId('clear-filters').click();
    await page.waitForURL((url) => !url.searchParams.has('status'));
    // The address changes first; the filtered results stay on screen until the new answer comes.
    await expect.poll(searchTotal).toBe(acme.length);
    expect(await page.getByTestId('filter-chips').count()).toBe(0);
  });

  it('shows a wrong filter of a shared link on its field instead of searching', async () => {
    await page.goto('/registrations/search?domainname=*&page=1&expiresFrom=2026-05-01&expiresTo=2026-04-01');
    await heading('Search registrations').waitFor();
    const to = page.getByLabel('To', { exact: true });
    await expect.poll(() => to.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${(await to.getAttribute('aria-describedby'))?.split(' ').pop()}`).innerText()).toBe(
      'The end of the expiry range must not be before its start.',
    );
    expect(await resultsHeading().count()).toBe(0);
  });

  it('starts with the filters closed without filters, the results right under the search', async () => {
    await page.goto('/registrations/search?domainname=*&page=1');
    await resultsHeading().waitFor();
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    const formBottom = (await page.getByRole('search').boundingBox())!;
    const results = (await page.locator('section[aria-labelledby="registration-results-title"]').boundingBox())!;
    expect(results.y - (formBottom.y + formBottom.height)).toBeLessThan(80);
    expect(results.y).toBeLessThan(450);
    await capturePage(page, 'registrations-search-filters-closed');
  });

  it("takes the expiry range in the portal's date style, YYYY/MM/DD, and shows the address's days so", async () => {
    await page.goto('/registrations/search');
    await heading('Search registrations').waitFor();
    await toggle().click();
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    expect(await from.getAttribute('type')).toBe('text');
    expect(await page.locator(`#${(await from.getAttribute('aria-describedby'))?.split(' ').pop()}`).innerText()).toBe('YYYY/MM/DD');
    await from.fill('2026/13/01');
    await expect.poll(() => from.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Please enter a date as YYYY/MM/DD.').count()).toBe(1);
    await from.fill('2020/01/01');
    await to.fill('2040/12/31');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('expiresFrom') === '2020-01-01' && url.searchParams.get('expiresTo') === '2040-12-31');
    await resultsHeading().waitFor();
    expect(await from.inputValue()).toBe('2020/01/01');
    expect(await to.inputValue()).toBe('2040/12/31');
    await capturePage(page, 'registrations-search-expiry-range');
  });

  it('starts with the filters closed on a phone, saying how many are set', async () => {
    await page.setViewportSize(phone);
    try {
      await page.goto('/registrations/search?domainname=*&page=1&status=ok&idn=true');
      await heading('Search registrations').waitFor();
      expect(await toggle().getAttribute('aria-expanded')).toBe('false');
      expect(await toggle().innerText()).toMatch(/Filters\s*2 active/);
      expect(await page.getByLabel('Lifecycle status', { exact: true }).isVisible()).toBe(false);
      await toggle().click();
      expect(await page.getByLabel('Lifecycle status', { exact: true }).isVisible()).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1366, height: 850 });
    }
  });
});

describe('the protected transactions warning', () => {
  let original: { threshold: number; count: number; periodEnd: Date | null };

  beforeAll(async () => {
    original = await asRegistry(async (client) => {
      const row = await client.query<{ threshold: number; count: number; period_end: Date | null }>(
        'SELECT protected_tx_threshold AS threshold, protected_tx_count AS count, protected_tx_period_end AS period_end FROM registrars WHERE handle = $1',
        ['acme'],
      );
      const found = row.rows[0];
      if (!found) throw new Error('no registrar acme');
      return { threshold: found.threshold, count: found.count, periodEnd: found.period_end };
    });
  });

  afterAll(async () => {
    await asRegistry((client) =>
      client.query('UPDATE registrars SET protected_tx_threshold = $2, protected_tx_count = $3, protected_tx_period_end = $4 WHERE handle = $1', [
        'acme',
        original.threshold,
        original.count,
        original.periodEnd,
      ]),
    );
  });

  const setCounter = (count: number, threshold: number) =>
    asRegistry((client) =>
      client.query(
        "UPDATE registrars SET protected_tx_threshold = $2, protected_tx_count = $3, protected_tx_period_end = now() + interval '10 days' WHERE handle = $1",
        ['acme', threshold, count],
      ),
    );

  it('warns from 80 % of the threshold on the Transactions tab, before the reset date row appears', async () => {
    await setCounter(79, 100);
    await page.goto('/registrar/transactions');
    await page.getByRole('heading', { name: 'Protected transaction status' }).waitFor();
    expect(await page.getByTestId('protected-transactions-warning').count()).toBe(0);

    await setCounter(85, 100);
    await page.reload();
    const warning = page.getByTestId('protected-transactions-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toMatch(
      /^Close to the threshold\s+85 of 100 protected transactions used \(85 %\)\. Once the threshold is reached, no protected transactions are allowed until \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} CES?T\.$/,
    );
    expect(await page.locator('[data-field="resetDate"]').count()).toBe(0);
    await capturePage(page, 'registrar-transactions-warning');

    await setCounter(100, 100);
    await page.reload();
    await page.locator('[data-field="resetDate"]').waitFor();
    expect(await page.locator('[data-field="resetDate"] dd').innerText()).toMatch(/^No protected transactions allowed until \d{4}\/\d{2}\/\d{2}/);
    expect(await page.getByTestId('protected-transactions-warning').count()).toBe(0);
  });

  it('shows the gauge with the same warning on the overview', async () => {
    await setCounter(85, 100);
    await openOverview();
    await page.getByTestId('protected-used').waitFor();
    expect(await page.getByTestId('protected-used').innerText()).toBe('85 of 100 protected transactions used');
    const meter = page.getByRole('meter', { name: 'Protected transactions' });
    expect(await meter.getAttribute('aria-valuenow')).toBe('85');
    expect(await page.getByTestId('overview-protected').getByTestId('protected-transactions-warning').innerText()).toMatch(/^Close to the threshold/);
    await page.getByTestId('forecast-chart').locator('canvas').waitFor();
    await capturePage(page, 'portfolio-overview-warning');
  });
});
