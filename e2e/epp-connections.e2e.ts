import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeContext, expectNoAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { capturePage, laptop, phone } from './support/screenshots';
import { closeCookieBanner } from './support/signed-in';
import { signIn } from './support/sign-in';

/*
 * The EPP security page's connections section as admin@globex, on the demo's connection events
 * (seed/epp-connections.ts: the latest refusals come from 203.0.113.7, which is on no list). globex,
 * not acme: epp.e2e.ts expects acme's allow-list empty.
 */
let browser: Browser;
let page: Page;

const stranger = '203.0.113.7';
const emptyWarning = 'There are no IP addresses given. You will not be able to connect to the EPP server. Are you sure you want to save this data?';
const refusedFromStranger = () => page.getByTestId('epp-refused').locator('tr[data-reason="addressNotAllowed"]', { hasText: stranger }).first();
const allowListRow = (address: string) => page.getByTestId('epp-allow-list').locator(`tr[data-address="${address}"]`);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await axeContext(browser)).newPage();
  await signIn(page, 'admin@globex', undefined, '/epp/security');
  await closeCookieBanner(page);
  await page.getByRole('heading', { name: 'Connections to the EPP server' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

describe('the connections section', () => {
  it('shows a refused connection with its reason in words and what to do', async () => {
    const row = refusedFromStranger();
    await row.waitFor();
    expect(await row.innerText()).toContain('IP address not allowed');
    expect(await row.innerText()).toContain(`${stranger} is not on your allow-list. If the address is yours, add it to the list.`);
    expect(await page.getByTestId('epp-last-success').innerText()).toMatch(
      /^Last successful connection: .+ from 192\.0\.2\.\d+, with a certificate that is no longer on file$/,
    );
  });

  it('Add to the list adds the address through the edit page call: the allow-list shows it, unused, with Remove', async () => {
    await page
      .getByRole('button', { name: `Add to the list: ${stranger}` })
      .first()
      .click();
    await page.locator('.app-alerts [role="alert"]', { hasText: `${stranger} was added to your allowed IP addresses.` }).waitFor();
    await allowListRow(stranger).waitFor();
    expect(await allowListRow(stranger).innerText()).toContain('Unused for 90 days');
    await refusedFromStranger().getByText(`${stranger} is on your allow-list now`, { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: `Add to the list: ${stranger}` }).count()).toBe(0);
    // Removing the only address asks first, with the edit page's modal, word for word.
    await page.getByRole('button', { name: `Remove ${stranger} from the list` }).click();
    const modal = page.getByRole('dialog', { name: 'No IP addresses' });
    expect(await modal.innerText()).toContain(emptyWarning);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.goto('/epp/ipaddresses');
    const list = page.getByRole('list', { name: 'Allowed IP addresses' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([stranger]);
  });

  it('passes axe at 1366 and 390 px (screenshots kept)', async () => {
    await page.goto('/epp/security');
    await page.getByTestId('epp-connections-chart').locator('canvas').waitFor();
    for (const size of [laptop, phone]) {
      await page.setViewportSize(size);
      await page.getByTestId('epp-connections-chart').locator('canvas').waitFor();
      await expectNoAxeViolations(page, `EPP connections at ${size.width} px`);
    }
    await page.setViewportSize(laptop);
    await capturePage(page, 'epp-security-connections');
  });
});
