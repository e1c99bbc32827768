import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoQuotas, demoSeed } from '../apps/server/src/db/seed/demo-data';
import type { DomainRecord } from '../apps/server/src/db/seed/domain-records';
import { RegistryGenerator } from '../apps/server/src/db/seed/generate';
import { startOfUtcDay } from '../apps/server/src/db/seed/options';
import { launchBrowser, newPage } from './support/browser';
import { signIn } from './support/sign-in';

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
const has = (d: DomainRecord, status: string) => d.statuses.some((s) => s.status === status);
const first = (what: string, test: (d: DomainRecord) => boolean): DomainRecord => {
  const found = acme.find(test);
  if (!found) throw new Error(`the demo data has no ${what}`);
  return found;
};

const section = (id: string) => page.locator(`[data-section="${id}"]`);
const labels = () => page.getByTestId('labels').locator('[data-label]').allInnerTexts();
const alertWith = (text: string) => page.locator('.app-alerts [role="alert"]', { hasText: text });

async function searchFor(term: string) {
  await page.getByRole('searchbox', { name: 'Domain name' }).fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function openRegistration(domain: DomainRecord) {
  await page.goto(`/registrations/registration/${encodeURIComponent(domain.uLabel)}/view`);
  await section('general').waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await signIn(page, 'support@acme', undefined, '/registrations/search');
});

afterAll(async () => {
  await browser?.close();
});

describe('registration search', () => {
  it("shows 'Search registrations' with the wildcard hint, Search disabled while the input is empty", async () => {
    await page.getByRole('heading', { name: 'Search registrations' }).waitFor();
    expect(await page.getByText("Use '*' as wildcard").isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/registrations-search-empty.png', fullPage: true });
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
    await page.screenshot({ path: '/tmp/registrations-search-results.png' });
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
    const pager = page.getByRole('navigation', { name: 'Result pages' });
    const pageLinks = await pager.locator('a, span').filter({ hasText: /^\d+$/ }).count();
    expect(pageLinks).toBeLessThanOrEqual(20);
    await page.screenshot({ path: '/tmp/registrations-search-page3.png' });
    await pager.screenshot({ path: '/tmp/registrations-search-pager.png' });
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
    await page.waitForURL(`**/registrations/registration/${encodeURIComponent(domain.uLabel)}/view`);
    await page.getByRole('heading', { name: domain.uLabel }).waitFor();
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
    for (const title of ['General data', 'Dates', 'Registrant', 'Nameservers', 'Contacts', 'Domain status', 'Keys']) {
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    expect(await page.getByRole('heading', { name: 'Registry grace period status' }).count()).toBe(0);
    expect(await labels()).toContain('Registered');
    expect(await section('general').locator('[data-field="lifecycle"]').innerText()).toContain('OK');
    expect(await section('keys').locator('tbody tr').count()).toBe(domain.delegationSigners.length);
    expect(await section('nameservers').locator('tbody tr').count()).toBe(domain.nameservers.length);
    expect(await section('dates').locator('[data-field="created"] dd').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} CES?T$/);
    await page.screenshot({ path: '/tmp/registrations-view-plain.png', fullPage: true });
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
    await page.screenshot({ path: '/tmp/registrations-view-redemption.png', fullPage: true });
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
    await page.screenshot({ path: '/tmp/registrations-contact.png', fullPage: true });
    await page.goBack();
    const tech = domain.contacts.find((c) => c.role === 'TECH')!;
    await section('contacts').locator(`[data-contact="${tech.handle}"]`).first().click();
    await page.waitForURL(`**/contact/view/${tech.handle}`);
    await page.locator('[data-section="contact-info"] [data-field="roid"] dd').waitFor();
  });

  it('handles contact/view without a handle', async () => {
    await page.goto('/contact/view');
    await page.getByText('No contact was chosen.').waitFor();
  });

  it("answers another registrar's registration as not found", async () => {
    const globexDomain = [...generator.domainBatches(5_000)].flatMap((b) => b.domains).find((d) => d.registrarHandle === 'globex')!;
    await page.goto(`/registrations/registration/${encodeURIComponent(globexDomain.uLabel)}/view`);
    await page.getByText('This registration could not be found.').waitFor();
    await alertWith('The requested item was not found.').waitFor();
  });
});
