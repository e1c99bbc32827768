import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeContext, expectNoAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { setRegistrarStatus } from './support/registry';
import { capturePage } from './support/screenshots';
import { signIn } from './support/sign-in';

/*
 * What a registrar's staff see when the registry changes their registrar's status while they work
 * (docs/registry-feed.md, "Registrar status"): suspended, the portal reads but refuses changes;
 * blocked, the whole app gives way to one message with a way out.
 */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  // axe's context: the blocked page is checked for accessibility like every other page.
  page = await (await axeContext(browser)).newPage();
  await signIn(page, 'admin@acme');
});

afterAll(async () => {
  await setRegistrarStatus('acme', 'ACTIVE');
  await browser?.close();
});

describe('the registrar status', () => {
  it("suspended: pages still read, a save is refused with the registry's message and nothing changes", async () => {
    await setRegistrarStatus('acme', 'SUSPENDED');
    await page.goto('/registrar/publicProfile/editTechContact');
    await page.getByRole('heading', { name: 'Update technical contact information' }).waitFor();
    await page.getByLabel('Name').fill('Never Saved');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page
      .locator('.app-alerts [role="alert"]', { hasText: 'Your registrar is suspended: the registry does not accept changes until it is active again.' })
      .waitFor();
    await capturePage(page, 'registrar-suspended-refusal', { fullPage: false });
    await expectNoAxeViolations(page, 'registrar suspended, refusal');
    await page.goto('/registrar/publicProfile');
    await page.locator('[data-section="tech-contact"]').waitFor();
    expect(await page.getByText('Never Saved').count()).toBe(0);
  });

  it('blocked: the next request shows one page-level message with Sign out, which signs out', async () => {
    await setRegistrarStatus('acme', 'BLOCKED');
    await page.goto('/registrar/generalData');
    const notice = page.getByTestId('registrar-blocked');
    await notice.waitFor();
    expect(await notice.innerText()).toContain("Your registrar's access to the registrar panel is blocked. Please contact the registry.");
    await capturePage(page, 'registrar-blocked', { fullPage: false });
    await expectNoAxeViolations(page, 'registrar blocked');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').waitFor();
  });
});
