import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoQuotas, demoSeed } from '../apps/server/src/seed/demo-data';
import { RegistryGenerator } from '../apps/server/src/seed/generate';
import { startOfUtcDay } from '../apps/server/src/seed/options';
import { capturePage } from './support/screenshots';
import { openSignedIn } from './support/signed-in';

/*
 * Reconciliation (issue 34), for what only a browser shows: the link from 'Search registrations',
 * the upload's progress bar while the file goes out (the upload slowed down through Chromium's
 * network emulation), and the result page with its counts, lists and paging. The comparison itself
 * is tested against a recount in the server's tests.
 */
let browser: Browser;
let page: Page;

const generator = new RegistryGenerator({ seed: demoSeed, quotas: demoQuotas, today: startOfUtcDay(Date.now()), tld: 'be' });
const acme = [...generator.domainBatches(5_000)].flatMap((batch) => batch.domains).filter((d) => d.registrarHandle === 'acme');
const listed = acme.slice(0, 40);
const filePath = join(tmpdir(), `acme-reconciliation-${process.pid}.csv`);

beforeAll(async () => {
  // acme's first 40 names with their registrants, two of them changed; two names acme does not hold;
  // one line that is no domain name; a wide comment column (ignored) so the upload takes a moment.
  const padding = 'x'.repeat(12_000);
  const lines = ['Domain name;Registrant;Comment'];
  listed.forEach((domain, index) => lines.push(`${domain.uLabel};${index < 2 ? 'c-other' : domain.registrantHandle};${padding}`));
  lines.push(`not-acme-at-all.be;;${padding}`, `nobody-holds-this.be;;${padding}`, `=1+1;;${padding}`);
  writeFileSync(filePath, `\ufeff${lines.join('\r\n')}\r\n`);
  ({ browser, page } = await openSignedIn('support@acme', { path: '/registrations/search' }));
});

afterAll(async () => {
  await browser?.close();
});

describe('a reconciliation in the browser', () => {
  it("is linked from 'Search registrations' and explains the file it takes", async () => {
    await page.getByRole('link', { name: 'Reconcile with your list' }).click();
    await page.waitForURL('**/registrations/reconciliation');
    await page.getByRole('heading', { level: 1, name: 'Reconciliation' }).waitFor();
    expect(await page.locator('h1').allInnerTexts()).toEqual(['Reconciliation']);
    expect(await page.title()).toBe('Reconciliation · .be registrar panel');
    await page.getByText('of at most 200 MB').waitFor();
    await capturePage(page, 'reconciliation-empty');
  });

  it('shows the upload going out, then the comparison, then the differences', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // About 500 kB at 150 kB/s: a few seconds during which the bar must show how far the upload is.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 150 * 1024 });
    await page.getByTestId('reconciliation-file').setInputFiles(filePath);
    await page.getByTestId('reconciliation-start').click();
    const bar = page.getByTestId('reconciliation-progress');
    await bar.waitFor();
    await page.getByText(/^Uploading: \d+ %/).waitFor();
    await page.waitForURL(/\/registrations\/reconciliation\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const count = async (kind: string) => Number((await page.getByTestId(`reconciliation-count-${kind}`).locator('span').innerText()).replace(/[^\d]/g, ''));
    await page.getByTestId('reconciliation-count-differs').waitFor();
    expect(await count('missingFromFile')).toBe(acme.length - listed.length);
    expect(await count('notSponsored')).toBe(2);
    expect(await count('differs')).toBe(2);
    expect(await count('badLine')).toBe(1);
    const differs = page.getByTestId('reconciliation-table-differs');
    await differs.waitFor();
    expect(await differs.locator('tbody tr').count()).toBe(2);
    expect(await differs.locator('tbody').innerText()).toContain('c-other');
    await capturePage(page, 'reconciliation-differences');
  });

  it('opens each kind as a list, a page at a time', async () => {
    await page.getByTestId('reconciliation-count-badLine').getByRole('link').click();
    const bad = page.getByTestId('reconciliation-table-badLine');
    await bad.getByText('This is not a domain name.').waitFor();
    expect(await bad.locator('tbody tr').count()).toBe(1);
    await capturePage(page, 'reconciliation-bad-lines');
    await page.getByTestId('reconciliation-count-missingFromFile').getByRole('link').click();
    const missing = page.getByTestId('reconciliation-table-missingFromFile');
    await missing.waitFor();
    expect(await missing.locator('tbody tr').count()).toBe(Math.min(100, acme.length - listed.length));
    if (acme.length - listed.length > 100) {
      await page
        .getByRole('navigation', { name: /^Pages of/ })
        .getByRole('link', { name: '2' })
        .click();
      await page.waitForURL(/page=2/);
    }
    await page.getByRole('link', { name: 'Reconciliation' }).first().click();
    await page.getByTestId('reconciliation-runs').waitFor();
    await capturePage(page, 'reconciliation-runs');
  });
});
