import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoQuotas, demoSeed } from '../apps/server/src/seed/demo-data';
import type { DomainRecord } from '../apps/server/src/seed/domain-records';
import { RegistryGenerator } from '../apps/server/src/seed/generate';
import { startOfUtcDay } from '../apps/server/src/seed/options';
import { lifecycleStatus } from '@registrar-panel/contract';
import { newPage } from './support/browser';
import { capturePage, phone, sidewaysOverflow } from './support/screenshots';
import { signIn } from './support/sign-in';
import { openSignedIn } from './support/signed-in';

/*
 * Registration search, the registration view and the contact view in Chromium, as support@acme.
 * The demo data is generated from a fixed seed, so the test regenerates it to know which of acme's
 * registrations has which status, and how many names a search must find.
 */
let browser: Browser;
let page: Page;

const generator = new RegistryGenerator({ seed: demoSeed, quotas: demoQuotas, today: startOfUtcDay(Date.now()), tld: 'be' });
const acme = [...generator.domainBatches(5_000)].flatMap((batch) => batch.domains).filter((d) => d.registrarHandle === 'acme');
const acmeNames = acme.map((d) => d.uLabel).sort();
const contactsByHandle = new Map([...generator.contactBatches(5_000)].flatMap((batch) => batch.map((c) => [c.handle, c] as const)));
const has = (d: DomainRecord, status: string) => d.statuses.some((s) => s.status === status);
const first = (what: string, test: (d: DomainRecord) => boolean): DomainRecord => {
  const found = acme.find(test);
  if (!found) throw new Error(`the demo data has no ${what}`);
  return found;
};

const section = (id: string) => page.locator(`[data-section="${id}"]`);
const labels = () => page.getByTestId('labels').locator('[data-label]').allInnerTexts();
const alertWith = (text: string) => page.locator('.app-alerts [role="alert"]', { hasText: text });
const topPager = () => page.getByRole('navigation', { name: 'Result pages', exact: true });
const bottomPager = () => page.getByRole('navigation', { name: 'Result pages, below the results', exact: true });
const resultNames = () => page.locator('.registration-results tbody tr td:first-child a').allInnerTexts();

/** The label a stacked cell draws before its value on a phone (its `::before`), or '' when none shows. */
function drawnLabel(cell: ReturnType<Page['locator']>): Promise<string> {
  return cell.evaluate((element) => {
    const before = getComputedStyle(element, '::before');
    return before.display === 'none' || before.content === 'none' ? '' : (element.getAttribute('data-label') ?? '');
  });
}

/**
 * The names and addresses inside `selector` that a line break splits at a point other than a space
 * or a hyphen, or the break points BreakableText adds (after the @, before a dot: the edges of its
 * text pieces): none, when names and emails never break mid-word.
 */
function splitWords(selector: string): Promise<string[]> {
  return page.evaluate((css) => {
    const split: string[] = [];
    for (const element of Array.from(document.querySelectorAll(css))) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const range = document.createRange();
        let lastTop: number | null = null;
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getClientRects()[0]?.top;
          if (top === undefined) continue;
          if (lastTop !== null && top > lastTop + 2 && !/[\s-]/.test(text[i - 1] ?? '')) split.push(`${text.slice(0, i)}|${text.slice(i)}`);
          lastTop = top;
        }
      }
    }
    return split;
  }, selector);
}

async function searchFor(term: string) {
  await page.getByRole('searchbox', { name: 'Domain name' }).fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function openRegistration(domain: DomainRecord) {
  await page.goto(`/registrations/registration/${encodeURIComponent(domain.uLabel)}/view`);
  await section('general').waitFor();
}

beforeAll(async () => {
  ({ browser, page } = await openSignedIn('support@acme', { path: '/registrations/search' }));
});

afterAll(async () => {
  await browser?.close();
});

describe('registration search', () => {
  it("shows 'Search registrations' with the wildcard hint, Search disabled while the input is empty", async () => {
    await page.getByRole('heading', { name: 'Search registrations' }).waitFor();
    expect(await page.getByText("Use '*' as wildcard").isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
    await capturePage(page, 'registrations-search-empty');
  });

  it('finds names with a wildcard at the end, in the middle and at the start, and keeps the search in the address', async () => {
    for (const term of ['bak*', '*shop*', '*gent']) {
      const pattern = new RegExp(`^${term.replace(/\*/g, '.*')}${term.endsWith('*') ? '' : '\\.be'}$`);
      const expected = acmeNames.filter((name) => pattern.test(name));
      expect(expected.length).toBeGreaterThan(0);
      await searchFor(term);
      await page.waitForURL((url) => url.searchParams.get('domainname') === term && url.searchParams.get('page') === '1');
      const heading = expected.length === 1 ? '1 matching registration found' : `${expected.length} matching registrations found`;
      await page.getByRole('heading', { name: heading }).waitFor();
      const shown = await page.locator('.registration-results tbody tr td:first-child a').allInnerTexts();
      expect(shown).toEqual(expected.slice(0, 100));
      expect(await page.getByTestId('results-range').innerText()).toBe(
        `Showing search results 1 - ${Math.min(100, expected.length)} of ${expected.length} results.`,
      );
    }
    await capturePage(page, 'registrations-search-results');
  });

  it('keeps a name typed while the page still renders the last search, and follows Back and Forward', async () => {
    const heading = (term: string) => {
      const pattern = new RegExp(`^${term.replace(/\*/g, '.*')}$`);
      const count = acmeNames.filter((name) => pattern.test(name)).length;
      return count === 1 ? '1 matching registration found' : `${count.toLocaleString('en')} matching registrations found`;
    };
    const input = page.getByRole('searchbox', { name: 'Domain name' });
    // The address changes before the page renders the search; a slowed processor opens that moment wide.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    try {
      await searchFor('b*');
      await input.fill('*shop*');
      await page.getByRole('heading', { name: heading('b*') }).waitFor();
      expect(await input.inputValue()).toBe('*shop*');
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
    await page.goBack();
    await expect.poll(() => input.inputValue()).toBe('*gent');
    await page.goForward();
    await expect.poll(() => input.inputValue()).toBe('b*');
  });

  it("says 'No results for …' when nothing matches", async () => {
    await searchFor('zzqqxx*');
    await page.getByText('No results for zzqqxx*.').waitFor();
  });

  it('refuses an input over 100 characters on the input itself, with Search disabled', async () => {
    await page.getByRole('searchbox', { name: 'Domain name' }).fill('a'.repeat(101));
    await page.getByText('Too many characters. The maximum length is 100.').waitFor();
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
  });

  it("shows the server's empty-input message on the input, not as an alert", async () => {
    await page.goto('/registrations/search?domainname=%20&page=1');
    await page.getByText('Please enter a domain name to search for.').waitFor();
    expect(await page.locator('.app-alerts [role="alert"]').count()).toBe(0);
  });

  it('opens page 3 of everything from a shared link, then goes to the last and first page', async () => {
    await page.goto('/registrations/search?domainname=*&page=3');
    await page.getByRole('heading', { name: `${acmeNames.length.toLocaleString('en')} matching registrations found` }).waitFor();
    expect(await page.getByTestId('results-range').innerText()).toBe(`Showing search results 201 - 300 of ${acmeNames.length.toLocaleString('en')} results.`);
    expect(await page.locator('.registration-results tbody tr td:first-child a').first().innerText()).toBe(acmeNames[200]);
    const pager = bottomPager();
    const pageLinks = await pager.locator('a, span').filter({ hasText: /^\d+$/ }).count();
    expect(pageLinks).toBeLessThanOrEqual(20);
    await capturePage(page, 'registrations-search-page3');
    await pager.getByText('Last').click();
    const lastPage = Math.ceil(acmeNames.length / 100);
    await page.waitForURL((url) => url.searchParams.get('page') === String(lastPage));
    await page
      .getByTestId('results-range')
      .filter({ hasText: `Showing search results ${((lastPage - 1) * 100 + 1).toLocaleString('en')} - ${acmeNames.length.toLocaleString('en')}` })
      .waitFor();
    await pager.getByText('First').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '1');
    await page.getByTestId('results-range').filter({ hasText: 'Showing search results 1 - 100 of' }).waitFor();
    expect(await page.locator('.registration-results tbody tr td:first-child a').first().innerText()).toBe(acmeNames[0]);
  });

  it('links a result to its registration and its registrant to the contact view', async () => {
    const domain = acme.find((d) => d.uLabel === acmeNames[0])!;
    const row = page.locator('.registration-results tbody tr').first();
    expect(await row.locator('td').nth(1).locator('a').getAttribute('href')).toBe(`/contact/view/${domain.registrantHandle}`);
    await row.locator('td').first().locator('a').click();
    await page.waitForURL((url) => url.pathname === `/registrations/registration/${encodeURIComponent(domain.uLabel)}/view`);
    await page.getByRole('heading', { name: domain.uLabel }).waitFor();
  });

  it('offers the pager above and below the results, with Previous and Next', async () => {
    await page.goto('/registrations/search?domainname=*&page=3');
    await page.getByTestId('results-range').filter({ hasText: 'Showing search results 201 - 300 of' }).waitFor();
    for (const pager of [topPager(), bottomPager()]) {
      const texts = await pager.locator('.page-item').allInnerTexts();
      expect(texts.slice(0, 2)).toEqual(['First', 'Previous']);
      expect(texts.slice(-2)).toEqual(['Next', 'Last']);
    }
    await topPager().getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '4');
    await page.getByTestId('results-range').filter({ hasText: 'Showing search results 301 - 400 of' }).waitFor();
    expect((await resultNames())[0]).toBe(acmeNames[300]);
    await bottomPager().getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await page.getByTestId('results-range').filter({ hasText: 'Showing search results 201 - 300 of' }).waitFor();
    await page.goto('/registrations/search?domainname=*&page=1');
    await page.getByTestId('results-range').filter({ hasText: 'Showing search results 1 - 100 of' }).waitFor();
    expect(await topPager().locator('.page-item.disabled').allInnerTexts()).toEqual(['First', 'Previous']);
  });

  it('says so on a page past the last one, and links to the last page', async () => {
    const lastPage = Math.ceil(acmeNames.length / 100);
    await page.goto(`/registrations/search?domainname=*&page=${lastPage + 5}`);
    const notice = page.getByTestId('past-last-page');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`There is no page ${lastPage + 5}: these results end on page ${lastPage}.`);
    expect(await page.locator('.registration-results').count()).toBe(0);
    await capturePage(page, 'registrations-search-past-last');
    await notice.getByRole('link', { name: `Go to the last page (${lastPage})` }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === String(lastPage));
    await page
      .getByTestId('results-range')
      .filter({ hasText: ` - ${acmeNames.length.toLocaleString('en')} of ` })
      .waitFor();
  });

  it("returns from a registration to the same search and page through '← Search registrations'", async () => {
    await page.goto('/registrations/search?domainname=*&page=2');
    await page.getByTestId('results-range').filter({ hasText: 'Showing search results 101 - 200 of' }).waitFor();
    await page.locator('.registration-results tbody tr td:first-child a').nth(5).click();
    await page.getByRole('heading', { name: acmeNames[105], exact: true }).waitFor();
    const back = page.getByTestId('back-to-search');
    expect(await back.innerText()).toBe('Search registrations');
    expect(await back.getAttribute('href')).toBe('/registrations/search?domainname=*&page=2');
    await back.click();
    await page.waitForURL(
      (url) => url.pathname === '/registrations/search' && url.searchParams.get('domainname') === '*' && url.searchParams.get('page') === '2',
    );
    await page.getByTestId('results-range').filter({ hasText: 'Showing search results 101 - 200 of' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Domain name' }).inputValue()).toBe('*');
  });

  it("says the spec's required message once the input was emptied, and the server's own for an empty name in a link, both on the input", async () => {
    await page.goto('/registrations/search');
    const input = page.getByRole('searchbox', { name: 'Domain name' });
    const message = page.locator('#registration-search-input-error');
    await input.fill('bak');
    await input.fill('');
    await message.filter({ hasText: 'Please complete this mandatory field.' }).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
    // A link with a blank name is asked of the server, which answers search.domain.name.empty.input: shown on the input too, not alerted.
    const asked = page.waitForResponse((response) => response.url().includes('/services/domains/search'));
    await page.goto('/registrations/search?domainname=%20&page=1');
    expect((await asked).status()).toBe(400);
    await message.filter({ hasText: 'Please enter a domain name to search for.' }).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.app-alerts [role="alert"]').count()).toBe(0);
  });
});

describe('registration search on a phone (390 px)', () => {
  beforeAll(async () => {
    await page.setViewportSize(phone);
  });
  afterAll(async () => {
    await page.setViewportSize({ width: 1366, height: 850 });
  });

  it('shows each result as a card of a line or two (name and status, registrant and expiry), without sideways scrolling', async () => {
    await page.goto('/registrations/search?domainname=*&page=1');
    await page.getByTestId('results-range').filter({ hasText: 'Showing search results 1 - 100 of' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const rows = page.locator('.registration-results tbody tr');
    expect(await rows.count()).toBe(100);
    const row = rows.first();
    const cells = row.locator('td');
    // No label above each value: the card reads as a line of a list, the expiry says 'Expires …'.
    for (let i = 0; i < (await cells.count()); i++) expect(await drawnLabel(cells.nth(i))).toBe('');
    expect(await row.locator('td.result-expiry').innerText()).toMatch(/^(Expires \d{1,2} [A-Z][a-z]{2} \d{4}|–)$/);
    // One card per result: the cells inside the width of the row, on at most two lines.
    const rowBox = (await row.boundingBox())!;
    for (let i = 0; i < (await cells.count()); i++) {
      // The registration date is left to the registration on a phone: no box.
      const box = await cells.nth(i).boundingBox();
      if (box) expect(box.x + box.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
    }
    const lineCounts = await rows.evaluateAll((trs) =>
      trs.map(
        (tr) => new Set(Array.from(tr.children).flatMap((td) => (td.getClientRects().length > 0 ? [Math.round(td.getBoundingClientRect().top)] : []))).size,
      ),
    );
    expect(Math.max(...lineCounts)).toBeLessThanOrEqual(2);
    // Most cards are two lines of text; a long name or registrant may wrap once more, no further.
    const heights = (await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height))).sort((a, b) => a - b);
    expect(heights[50]).toBeLessThan(72);
    expect(heights.at(-1)).toBeLessThan(100);
    // A page of 100 results was 36,000 px long as blocks of labelled values.
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeLessThan(10_000);
    await capturePage(page, 'registration-search-phone-cards');
    const overflowing = await page
      .locator('.registration-results td')
      .evaluateAll((tds) => tds.filter((td) => td.scrollWidth > td.clientWidth + 1).map((td) => td.textContent));
    expect(overflowing).toEqual([]);
    expect(await splitWords('.registration-results td:nth-child(1), .registration-results td:nth-child(2)')).toEqual([]);
    // The pager fits: the steps, the boundary links and the pages next to the current one.
    const shownLinks = await topPager()
      .locator('.page-link')
      .evaluateAll((links) => links.filter((link) => (link as HTMLElement).offsetParent !== null).map((link) => link.getAttribute('data-page')));
    expect(shownLinks).toEqual(['first', 'previous', 'page-1', 'page-2', 'next', 'last']);
    expect((await topPager().locator('.pagination').boundingBox())!.height).toBeLessThan(40);
  });

  it('shows a registration and a contact without sideways scrolling, names and emails whole', async () => {
    const domain = first('registration with keys and name servers', (d) => d.delegationSigners.length > 0 && d.nameservers.length > 0);
    await openRegistration(domain);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await drawnLabel(section('keys').locator('tbody td').last())).toBe('Digest');
    expect(await drawnLabel(section('status').locator('tbody td').first())).toBe('EPP status');
    expect(await splitWords('[data-section="registrant"] dd, [data-section="nameservers"] td:first-child')).toEqual([]);
    await page.goto(`/contact/view/${encodeURIComponent(domain.registrantHandle)}`);
    await page.locator('[data-section="contact-details"] [data-field="email"] a').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await splitWords('[data-section="contact-details"] [data-field="email"] dd')).toEqual([]);
  });
});

describe('registration view', () => {
  it('shows every section of a plain registration, with the Domain Info tab', async () => {
    const domain = first(
      'plain registration with keys',
      (d) => has(d, 'ok') && d.rgpStatus === null && d.delegationSigners.length > 0 && d.nameservers.some((ns) => ns.ipAddresses.length > 0),
    );
    await openRegistration(domain);
    expect(await page.getByRole('tab', { name: 'Domain Info' }).or(page.getByText('Domain Info')).first().isVisible()).toBe(true);
    // The spec's order, in the page's reading order and on the screen (left to right, top to bottom).
    const titles = await page.locator('[data-section] h2').allInnerTexts();
    expect(titles).toEqual(['General data', 'Dates', 'Registrant', 'Nameservers', 'Contacts', 'Domain status', 'Keys']);
    const tops = await page
      .locator('[data-section]')
      .evaluateAll((sections) => sections.map((s) => [s.getBoundingClientRect().top, s.getBoundingClientRect().left]));
    const onScreen = [...tops.keys()].sort((a, b) => tops[a]![0]! - tops[b]![0]! || tops[a]![1]! - tops[b]![1]!);
    expect(onScreen).toEqual([...tops.keys()]);
    expect(await page.getByRole('heading', { name: 'Registry grace period status' }).count()).toBe(0);
    expect(await labels()).toContain('Registered');
    expect(await section('general').locator('[data-field="lifecycle"]').innerText()).toContain('OK');
    expect(await section('keys').locator('tbody tr').count()).toBe(domain.delegationSigners.length);
    expect(await section('nameservers').locator('tbody tr').count()).toBe(domain.nameservers.length);
    expect(await section('dates').locator('[data-field="created"] dd').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} CES?T$/);
    await capturePage(page, 'registrations-view-plain');
  });

  it("shows the registrant's name and email next to its handle", async () => {
    const domain = first('registration outside a grace period', (d) => d.rgpStatus === null);
    const contact = contactsByHandle.get(domain.registrantHandle)!;
    await openRegistration(domain);
    const registrant = section('registrant');
    expect(await registrant.locator('[data-field="registrant"] dd').innerText()).toBe(domain.registrantHandle);
    expect(await registrant.locator('[data-field="registrantName"] dd').innerText()).toBe(contact.name);
    expect(await registrant.locator('[data-field="registrantEmail"] dd').innerText()).toBe(contact.email);
    expect(await registrant.locator('[data-field="registrantEmail"] a').getAttribute('href')).toBe(`mailto:${contact.email}`);
  });

  it('gives each grace period state one colour wherever it shows: status badge, grace period section and search result', async () => {
    const background = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    const brown = 'rgb(123, 74, 42)';
    const orange = 'rgb(242, 140, 40)';
    for (const [state, lifecycle, colour] of [
      ['PENDING_RESTORE', 'pendingRestore', orange],
      ['REDEMPTION_PERIOD', 'redemption', brown],
      ['PENDING_DELETE', 'pendingDelete', brown],
    ] as const) {
      const domain = first(state, (d) => d.rgpStatus === state && lifecycleStatus(d.statuses.map((s) => s.status)) === lifecycle);
      await openRegistration(domain);
      expect(await background(section('general').locator(`[data-lifecycle="${lifecycle}"]`)), `${state} status badge`).toBe(colour);
      expect(await background(section('rgp').locator('[aria-current="true"]')), `${state} grace period badge`).toBe(colour);
      await page.goto(`/registrations/search?domainname=${encodeURIComponent(domain.uLabel)}&page=1`);
      const result = page.locator('.registration-results tbody tr').first();
      expect(await background(result.locator(`[data-lifecycle="${lifecycle}"]`)), `${state} in the search results`).toBe(colour);
    }
  });

  it('shows the empty states for a registration without name servers or keys', async () => {
    await openRegistration(first('inactive registration', (d) => has(d, 'inactive')));
    await page.getByText('There are no nameservers for this registration.').waitFor();
    await page.getByText('There are no keys for this registration.').waitFor();
    expect(await labels()).toEqual(expect.arrayContaining(['Registered', 'Inactive']));
  });

  it('replaces the three server locks by DOMAINGUARD', async () => {
    const domain = first(
      'DOMAINGUARD',
      (d) => has(d, 'serverTransferProhibited') && has(d, 'serverUpdateProhibited') && has(d, 'serverDeleteProhibited') && !has(d, 'ursLocked'),
    );
    await openRegistration(domain);
    const shown = await labels();
    expect(shown).toContain('DOMAINGUARD');
    expect(shown).not.toContain('Update lock');
    expect(shown).not.toContain('Delete lock');
  });

  it('hides transfer, update and delete locks under ursLocked', async () => {
    await openRegistration(first('ursLocked', (d) => has(d, 'ursLocked')));
    const shown = await labels();
    expect(shown).toContain('URS locked');
    for (const hidden of ['DOMAINGUARD', 'Transfer lock', 'Update lock', 'Delete lock']) expect(shown).not.toContain(hidden);
  });

  it('hides the renew lock too under ursSuspended', async () => {
    await openRegistration(first('ursSuspended', (d) => has(d, 'ursSuspended')));
    const shown = await labels();
    expect(shown).toEqual(expect.arrayContaining(['URS suspended', 'Inactive']));
    for (const hidden of ['Transfer lock', 'Renew lock']) expect(shown).not.toContain(hidden);
  });

  it('shows a pending transfer with its transfer status and transfer expiry date', async () => {
    await openRegistration(first('pending transfer', (d) => has(d, 'pendingTransfer')));
    expect(await labels()).toEqual(expect.arrayContaining(['Registered', 'Pending transfer']));
    await section('general').locator('[data-field="transferStatus"] dd', { hasText: 'Pending' }).waitFor();
    await section('dates').locator('[data-field="transferExpiry"]').waitFor();
  });

  it("highlights the redemption period in brown, hides the expiry date and shows 'Available on' with the guidelines link", async () => {
    await openRegistration(first('redemption', (d) => d.rgpStatus === 'REDEMPTION_PERIOD'));
    await page.getByRole('heading', { name: 'Registry grace period status' }).waitFor();
    const current = section('rgp').locator('[aria-current="true"]');
    expect(await current.innerText()).toContain('Redemption period');
    expect(await current.getAttribute('class')).toContain('rgp-brown');
    expect(await section('rgp').locator('.badge').count()).toBe(7);
    expect(await section('dates').locator('[data-field="expired"]').count()).toBe(0);
    await section('dates').locator('[data-field="availableOn"]').waitFor();
    await section('dates').locator('[data-field="redemptionExpiry"]').waitFor();
    await section('dates').locator('[data-field="deletionDate"]').waitFor();
    expect(await section('dates').getByRole('link', { name: 'registration guidelines' }).getAttribute('href')).toMatch(/^https:\/\//);
    expect(await section('general').locator('[data-field="lifecycle"]').innerText()).toContain('Redemption');
    await capturePage(page, 'registrations-view-redemption');
  });

  it.each([
    ['ADD_PERIOD', 'Add period', 'rgp-orange'],
    ['PENDING_RESTORE', 'Pending restore', 'rgp-orange'],
    ['PENDING_DELETE', 'Pending delete', 'rgp-brown'],
    ['AUTO_RENEW_PERIOD', 'Auto-renew period', 'rgp-orange'],
  ])('highlights %s as the current grace period', async (state, text, tone) => {
    await openRegistration(first(state, (d) => d.rgpStatus === state));
    const current = section('rgp').locator('[aria-current="true"]');
    expect(await current.innerText()).toContain(text);
    expect(await current.getAttribute('class')).toContain(tone);
    if (state === 'PENDING_RESTORE') await section('dates').locator('[data-field="restoreExpiry"]').waitFor();
  });

  it('shows a hold as Inactive with its reason', async () => {
    const domain = first('serverHold with a reason', (d) => has(d, 'serverHold') && !has(d, 'ursSuspended') && d.statuses.some((s) => s.reason !== null));
    await openRegistration(domain);
    expect(await labels()).toContain('Inactive');
    await section('status')
      .getByText(domain.statuses.find((s) => s.reason)!.reason!)
      .waitFor();
  });

  it('opens the registrant and, through a contact card, a contact', async () => {
    const domain = first('registration with admin and tech contacts', (d) => d.contacts.length >= 2);
    await openRegistration(domain);
    await section('registrant').getByRole('link', { name: domain.registrantHandle }).click();
    await page.waitForURL(`**/contact/view/${domain.registrantHandle}`);
    await page.locator('[data-section="contact-info"] [data-field="handle"] dd', { hasText: domain.registrantHandle }).waitFor();
    await page.locator('[data-section="contact-details"] [data-field="country"] dd').filter({ hasText: /\w+/ }).waitFor();
    await capturePage(page, 'registrations-contact');
    await page.goBack();
    const tech = domain.contacts.find((c) => c.role === 'TECH')!;
    await section('contacts').locator(`[data-contact="${tech.handle}"]`).first().click();
    await page.waitForURL(`**/contact/view/${tech.handle}`);
    await page.locator('[data-section="contact-info"] [data-field="roid"] dd').waitFor();
  });

  it('shows contact/view without a handle as the Info and Contact blocks with empty fields, asking nothing', async () => {
    const asked: string[] = [];
    const note = (request: { url: () => string }) => {
      if (/\/services\/(contacts|country)/.test(request.url())) asked.push(request.url());
    };
    page.on('request', note);
    try {
      await page.goto('/contact/view');
      await page.getByText('No contact was chosen.').waitFor();
      const values = async (block: string) => page.locator(`[data-section="${block}"] dd`).allInnerTexts();
      expect(await values('contact-info')).toEqual(['–', '–']);
      expect(await values('contact-details')).toEqual(Array<string>(12).fill('–'));
      await page.waitForLoadState('networkidle');
      expect(asked).toEqual([]);
      await capturePage(page, 'registrations-contact-no-handle');
    } finally {
      page.off('request', note);
    }
  });

  it.each([
    [
      'registration',
      () => `/registrations/registration/${encodeURIComponent(acme[0]!.uLabel)}/view`,
      `**/services/domains/${encodeURIComponent(acme[0]!.uLabel)}`,
      'general',
      'The registration could not be loaded.',
    ],
    [
      'contact',
      () => `/contact/view/${encodeURIComponent(acme[0]!.registrantHandle)}`,
      `**/services/contacts/${encodeURIComponent(acme[0]!.registrantHandle)}`,
      'contact-info',
      'The contact could not be loaded.',
    ],
  ])('says a %s that failed to load could not be loaded, not that it was not found, and shows it on Retry', async (what, address, call, block, text) => {
    let failing = true;
    await page.route(call, (route) => (failing ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'busy' }) : route.fallback()));
    try {
      await page.goto(address());
      const failed = page.getByTestId('load-failed');
      await failed.filter({ hasText: text }).waitFor();
      expect(await page.getByTestId('load-not-found').count()).toBe(0);
      await alertWith('An internal error occurred.').waitFor();
      await capturePage(page, `registrations-${what}-load-failed`);
      failing = false;
      await failed.getByRole('button', { name: 'Retry' }).click();
      await section(block).waitFor();
      expect(await failed.count()).toBe(0);
    } finally {
      await page.unroute(call);
    }
  });

  it("answers another registrar's registration as not found", async () => {
    const globexDomain = [...generator.domainBatches(5_000)].flatMap((b) => b.domains).find((d) => d.registrarHandle === 'globex')!;
    await page.goto(`/registrations/registration/${encodeURIComponent(globexDomain.uLabel)}/view`);
    await page.getByText('This registration could not be found.').waitFor();
    await alertWith('The requested item was not found.').waitFor();
    // Not found is final: no Retry.
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });
});

describe('a failed country lookup', () => {
  it('leaves the country name empty, without an alert', async () => {
    const domain = acme[0]!;
    await page.route('**/services/country', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'unavailable' }));
    try {
      await page.goto(`/contact/view/${encodeURIComponent(domain.registrantHandle)}`);
      await page.locator('[data-section="contact-info"] [data-field="handle"] dd', { hasText: domain.registrantHandle }).waitFor();
      await page.waitForResponse('**/services/country').catch(() => undefined);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('[data-section="contact-details"] [data-field="country"] dd').innerText()).toBe('–');
      expect(await page.locator('.app-alerts [role="alert"]').count()).toBe(0);
    } finally {
      await page.unroute('**/services/country');
    }
  });
});

describe('a FINANCE user', () => {
  it('is told on the search page, before searching, that registrations are not available to the role, and no search is asked', async () => {
    const finance = await newPage(browser);
    const asked: string[] = [];
    finance.on('request', (request) => {
      if (request.url().includes('/services/domains') || request.url().includes('/services/contacts')) asked.push(request.url());
    });
    await signIn(finance, 'finance@acme', undefined, '/registrations/search');
    await finance.getByRole('heading', { name: 'Search registrations', level: 1 }).waitFor();
    const notice = finance.getByTestId('not-allowed');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Registrations are not available to your role');
    expect(await notice.innerText()).toContain('It is open to users with the SUPPORT, TECH or ADMIN role.');
    // Not only 'You cannot…': what FINANCE can do, with links to those pages, and whom to ask.
    expect(await finance.getByTestId('not-allowed-yours').getByRole('link').allInnerTexts()).toEqual([
      "See the registrar's general data, public profile and transactions",
      'See the billing lines of a month and download them as CSV',
    ]);
    expect(await finance.getByTestId('not-allowed-ask').innerText()).toBe(
      'To get access, ask an administrator of your registrar (a user with the ADMIN role): they give users their roles in User Management.',
    );
    // Every menu entry stays (spec section 1).
    expect(await finance.getByRole('navigation', { name: 'Menu' }).getByRole('link').allInnerTexts()).toEqual(
      expect.arrayContaining(['Registrar', 'EPP settings', 'Registrations', 'Users']),
    );
    await finance
      .getByTestId('not-allowed-yours')
      .getByRole('link', { name: /^See the billing lines/ })
      .click();
    await finance.waitForURL('**/registrar/billing');
    await finance.getByRole('button', { name: 'Submit' }).waitFor();
    await finance.goBack();
    await notice.waitFor();
    expect(await finance.getByRole('searchbox').count()).toBe(0);
    await capturePage(finance, 'registrations-search-finance');
    // A shared link to a registration or a contact says the same, without failing calls or alerts.
    await finance.goto(`/registrations/registration/${encodeURIComponent(acmeNames[0]!)}/view?domainname=*&page=1`);
    await finance.getByTestId('not-allowed').waitFor();
    await finance.goto(`/contact/view/${encodeURIComponent(acme[0]!.registrantHandle)}`);
    await finance.getByTestId('not-allowed').waitFor();
    expect(await finance.locator('.app-alerts [role="alert"]').count()).toBe(0);
    expect(asked).toEqual([]);
    await finance.context().close();
  });
});
