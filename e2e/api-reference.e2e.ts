import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { auditActions, personalDataReadAction } from '@registrar-panel/contract';
import { apiRoutes } from '@registrar-panel/contract/api';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl } from './support/browser';
import { capturePage, laptop, phone, screenshotDir, sidewaysOverflow } from './support/screenshots';
import { responsesDuring } from './support/responses';
import { openSignedIn } from './support/signed-in';

/*
 * The API reference page (/api) in Chromium as support@acme: drawn from the OpenAPI
 * document the server publishes, in a chunk of its own that no other page loads, clean for axe at
 * laptop and phone widths. One context with axe's CSP bypass serves every check.
 */
let browser: Browser;
let page: Page;

const search = () => page.locator('article#searchRegistrations');
const filter = () => page.getByLabel('Filter operations');
const referenceChunk = (responses: Response[]) =>
  responses.some((response) => /\/assets\/api-reference-page-[\w-]+\.js$/.test(new URL(response.url()).pathname));

async function settled(): Promise<void> {
  await page.locator('.app-spinner-overlay').waitFor({ state: 'detached' });
}

async function openReference(): Promise<void> {
  await page.goto('/api');
  await search().waitFor();
  await settled();
}

/** axe at both widths, the page's state kept across the change of width. */
async function checkBothWidths(label: string): Promise<void> {
  try {
    for (const size of [laptop, phone]) {
      await page.setViewportSize(size);
      await settled();
      await expectNoAxeViolations(page, `${label} at ${size.width} px`);
    }
  } finally {
    await page.setViewportSize(laptop);
  }
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn('support@acme', { axe: true, path: '/registrar/generalData' }));
});

afterAll(async () => {
  await browser?.close();
});

describe('the API reference page', () => {
  it('loads its chunk only when it opens, names itself and has one h1', async () => {
    const other = await responsesDuring(page, async () => {
      await page.goto('/registrar/generalData');
      await page.locator('#main-content h1').first().waitFor();
      await page.waitForLoadState('networkidle');
    });
    expect(referenceChunk(other)).toBe(false);
    const responses = await responsesDuring(page, openReference);
    expect(referenceChunk(responses)).toBe(true);
    expect(responses.some((response) => new URL(response.url()).pathname === '/services/openapi.json' && response.status() === 200)).toBe(true);
    expect(await page.locator('h1').allInnerTexts()).toEqual(['API reference']);
    expect(await page.title()).toBe('API reference · .be registrar panel');
    expect(await page.getByTestId('api-base-url').innerText()).toBe(`${baseUrl()}/services`);
  });

  it('lists the search operation with its API key scope and who may call it', async () => {
    await expect.poll(() => search().locator('h3').innerText()).toBe('GET\n/domains/search');
    expect(await search().getByTestId('api-key-scope').innerText()).toBe('API keys: registrations');
    expect(await search().innerText()).toContain('Who may call it: SUPPORT, TECH, ADMIN');
    expect(await page.locator('article#listUsers').innerText()).toContain('Not for API keys');
    // Every operation a key may call says so, and only those: as many as the route table marks.
    expect(await page.getByTestId('api-key-scope').count()).toBe(apiRoutes.filter((route) => route.apiKeyScope !== undefined).length);
    await capturePage(page, 'api-reference', { fullPage: false });
  });

  it("opens an operation's parameters, answers with their message keys and a curl example", async () => {
    await search().getByText('Parameters, answers and an example').click();
    const details = search().locator('details');
    await details.getByRole('heading', { name: 'Example with curl' }).waitFor();
    expect(await details.locator('pre').innerText()).toContain(`-H "Authorization: Bearer $RP_API_KEY"`);
    expect(await details.locator('tr[data-status="400"]').innerText()).toContain('search.domain.name.invalid');
    expect(await details.getByRole('table', { name: 'Parameters' }).locator('tbody tr').count()).toBe(11);
  });

  it("lists the history entry's fields once, its details merged across the actions", async () => {
    const history = page.locator('article#getHistory');
    await history.getByText('Parameters, answers and an example').click();
    const data = history.getByRole('table', { name: 'Fields of data' });
    const row = (name: string) =>
      data.locator('tbody tr').filter({ has: page.locator('code', { hasText: new RegExp(`^${name.replace(/[.[\]]/g, '\\$&')}$`) }) });
    expect(await row('entries[].action').innerText()).toContain(`one of ${[...auditActions, personalDataReadAction].length} values or a pattern`);
    expect(await row('entries[].action').innerText()).toContain('user.create');
    expect(await row('entries[].action').innerText()).toContain('or matching ^signIn\\.');
    expect(await row('entries[].details.email').innerText()).toContain('for: user.create, user.delete');
    // Each width's picture of the answer's fields, for a person to look at.
    const section = data.locator('xpath=ancestor::section[1]');
    mkdirSync(screenshotDir, { recursive: true });
    try {
      for (const size of [laptop, phone]) {
        await page.setViewportSize(size);
        await settled();
        // Clipped from the whole page: a picture of the element alone would show the sticky header over it.
        const clip = await section.evaluate((element) => {
          const box = element.getBoundingClientRect();
          // A pixel more on each side keeps the cards' borders, which sit on the section's edge.
          return { x: box.x + window.scrollX - 1, y: box.y + window.scrollY, width: box.width + 2, height: box.height };
        });
        await page.screenshot({ path: join(screenshotDir, `api-reference-history-data-${size.width}.png`), fullPage: true, clip });
      }
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    } finally {
      await page.setViewportSize(laptop);
    }
    // One axe pass at each width covers the whole reference with two operations opened (the search's
    // stays open from the test before): axe over this long page is the file's slowest step.
    expect(await search().locator('details').getAttribute('open')).not.toBeNull();
    await checkBothWidths('the reference with two operations opened');
  });

  it('filters the operations as one types, and says when none match', async () => {
    await filter().fill('domainReport');
    await expect.poll(() => page.getByTestId('api-filter-count').innerText()).toBe('1 operation shown');
    expect(await page.locator('article.api-operation').getAttribute('id')).toBe('downloadDomainReport');
    await filter().fill('search');
    // The card came back with the filter: its details folded again.
    await search().getByText('Parameters, answers and an example').click();
    await search().getByRole('heading', { name: 'Example with curl' }).waitFor();
    await capturePage(page, 'api-reference-search');
    await filter().fill('no operation has this');
    await page.getByText('No operation matches the filter.').waitFor();
    await checkBothWidths('the API reference with no match');
    await filter().fill('');
    await search().waitFor();
  });
});
