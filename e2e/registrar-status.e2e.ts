import { messageTexts } from '@registrar-panel/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { setRegistrarStatus } from './support/registry';
import { capturePage, laptop, phone } from './support/screenshots';
import { openSignedIn } from './support/signed-in';

/*
 * What a registrar's staff see when the registry changes their registrar's status while they work
 * (docs/registry-feed.md, "Registrar status"): suspended, the portal reads but refuses changes;
 * blocked, the whole app gives way to one message with a way out.
 */
let browser: Browser;
let page: Page;
const suspendedText = 'Your registrar is suspended: the registry does not accept changes until it is active again.';

beforeAll(async () => {
  // axe's context: the blocked page is checked for accessibility like every other page.
  ({ browser, page } = await openSignedIn('admin@acme', { axe: true, keepCookieBanner: true }));
});

afterAll(async () => {
  await setRegistrarStatus('acme', 'ACTIVE');
  await browser?.close();
});

describe('the registrar status', () => {
  it("suspended while the user edits: the save is refused with the registry's message, then the page says so and Update is disabled", async () => {
    await setRegistrarStatus('acme', 'ACTIVE');
    await page.goto('/registrar/publicProfile/editTechContact');
    await page.getByRole('heading', { name: 'Update technical contact information' }).waitFor();
    await page.getByLabel('Name').fill('Never Saved');
    const update = page.getByRole('button', { name: 'Update', exact: true });
    await expect.poll(() => update.isEnabled()).toBe(true);
    await setRegistrarStatus('acme', 'SUSPENDED');
    await update.click();
    await page.locator('.app-alerts [role="alert"]', { hasText: suspendedText }).waitFor();
    // The refusal has the status read again: the notice shows and Update is disabled, saying why.
    await page.getByTestId('registrar-status-notice').waitFor();
    await expect.poll(() => update.isDisabled()).toBe(true);
    expect(await update.getAttribute('title')).toBe(suspendedText);
    // The overview's status badge agrees with the notice.
    await page.getByTestId('registrar-status').filter({ hasText: 'Suspended' }).waitFor();
    await capturePage(page, 'registrar-suspended-refusal', { fullPage: false });
    await expectNoAxeViolations(page, 'registrar suspended, refusal');
    await page.goto('/registrar/publicProfile');
    await page.locator('[data-section="tech-contact"]').waitFor();
    expect(await page.getByText('Never Saved').count()).toBe(0);
  });

  it('suspended: every page says so, and every control whose change the registry would refuse is disabled with the reason', async () => {
    await setRegistrarStatus('acme', 'SUSPENDED');
    const notice = page.getByTestId('registrar-status-notice');
    /** A disabled control described by the notice, whose tooltip gives the reason. */
    const expectRefused = async (control: Locator, what: string) => {
      await control.waitFor();
      expect(await control.isDisabled(), what).toBe(true);
      expect(await control.getAttribute('title'), what).toBe(suspendedText);
      const describedBy = (await control.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
      expect(await page.locator(`[id="${describedBy[0]}"]`).innerText(), what).toContain(suspendedText);
    };
    const pages: [string, () => Promise<void>][] = [
      ['/registrar/generalData', () => page.getByTestId('registrar-status').first().waitFor()],
      [
        '/registrar/publicProfile',
        async () => {
          const updates = page.getByRole('button', { name: /^Update details/ });
          await expect.poll(() => updates.count()).toBe(4);
          for (let i = 0; i < 4; i++) await expectRefused(updates.nth(i), `Update details ${i}`);
        },
      ],
      ['/registrar/publicProfile/editPublicContact', () => expectRefused(page.getByRole('button', { name: 'Update', exact: true }), 'public contact Update')],
      ['/registrar/billing', () => page.getByRole('button', { name: 'Submit' }).waitFor()],
      ['/epp/ipaddresses', () => expectRefused(page.getByRole('button', { name: 'Edit list' }), 'Edit list')],
      ['/epp/ipaddresses/edit', () => expectRefused(page.getByRole('button', { name: 'Update', exact: true }), 'IP list Update')],
      [
        '/epp/password',
        async () => {
          const update = page.getByRole('button', { name: 'Update', exact: true });
          await update.waitFor();
          // Refused even with a valid form.
          const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
          if ((await field('Current Password').count()) > 0) await field('Current Password').fill('Old Password 1!');
          await field('New Password').fill('Strong Pass 12!');
          await field('Confirm new Password').fill('Strong Pass 12!');
          await expectRefused(update, 'EPP password Update');
        },
      ],
      ['/registrations/search', () => page.getByRole('searchbox', { name: 'Domain name' }).waitFor()],
      [
        '/users',
        async () => {
          await expectRefused(page.getByRole('button', { name: 'Add user' }), 'Add user');
          await expectRefused(page.getByRole('button', { name: /^Edit / }).first(), 'edit a user');
          await expectRefused(page.getByRole('button', { name: /^Delete / }).first(), 'delete a user');
        },
      ],
      ['/users/apiKeys', () => expectRefused(page.getByRole('button', { name: 'Create API key' }), 'Create API key')],
      ['/cookiepolicy', () => page.getByRole('heading', { name: 'Cookie policy' }).waitFor()],
    ];
    for (const [path, check] of pages) {
      await page.goto(path);
      await notice.waitFor();
      expect(await notice.innerText(), path).toContain(suspendedText);
      await check();
      // What the rule still allows stays usable: the user's own password reset.
      expect(await page.locator('footer').getByRole('button', { name: 'Reset Password' }).isEnabled(), path).toBe(true);
    }
    for (const path of ['/registrar/publicProfile', '/users']) {
      await page.goto(path);
      await notice.waitFor();
      await page
        .getByRole('button', { name: /^(Update details|Add user)/ })
        .first()
        .waitFor();
      await capturePage(page, `registrar-suspended-${path.split('/').pop()}`);
      for (const viewport of [laptop, phone]) {
        await page.setViewportSize(viewport);
        await expectNoAxeViolations(page, `registrar suspended, ${path} at ${viewport.width} px`);
      }
      await page.setViewportSize(laptop);
    }
  });

  it('active again: the notice goes and the controls work at the next page', async () => {
    await setRegistrarStatus('acme', 'ACTIVE');
    await page.goto('/registrar/publicProfile');
    const updates = page.getByRole('link', { name: /^Update details/ });
    await expect.poll(() => updates.count()).toBe(4);
    expect(await page.getByTestId('registrar-status-notice').count()).toBe(0);
  });

  it("access ended: the API's refusal gives way to one page-level message with Sign out, not to a new sign-in", async () => {
    // The API's answer to a token past the user's access end day (plugins/auth.ts): the day cannot be
    // set in the past, so the answer is given here as the server words it.
    const refusal = { data: null, messages: [{ messageKey: 'access.ended', defaultMessage: messageTexts['access.ended'] }] };
    await page.route('**/services/**', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(refusal) }));
    try {
      await page.goto('/registrar/generalData');
      const notice = page.getByTestId('registrar-blocked');
      await notice.waitFor();
      expect(await notice.innerText()).toContain(messageTexts['access.ended']);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Access ended');
      await capturePage(page, 'access-ended', { fullPage: false });
      await expectNoAxeViolations(page, 'access ended');
    } finally {
      await page.unroute('**/services/**');
    }
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
