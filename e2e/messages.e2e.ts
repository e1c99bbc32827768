import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { asRegistry } from './support/registry';
import { capturePage, laptop, phone } from './support/screenshots';
import { openSignedIn } from './support/signed-in';

/*
 * The registry's messages as tech@icannsla sees them in the demo (no other file reads its messages):
 * the bell's count, the inbox it opens, a filter, read marks and Mark all read bringing the count
 * down at once, an announcement dismissed, a message's link to its registration. The server's rules
 * (who sees what, paging, another registrar's messages) are apps/server's messages.test.ts.
 */
const username = 'tech@icannsla';
let browser: Browser;
let page: Page;
/** What the demo's feed sent this registrar: its messages and the announcements to all. */
let total: number;
let lockSets: number;

const bell = (unread: string) => page.getByRole('link', { name: `Messages, ${unread} unread` });
const items = () => page.getByTestId('messages-list').getByTestId('message');
const settled = () => page.locator('.app-spinner-overlay').waitFor({ state: 'detached' });

beforeAll(async () => {
  [total, lockSets] = await asRegistry(async (client) => {
    const { rows } = await client.query<{ total: number; locks: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE kind = 'lockSet')::int AS locks
         FROM registry_messages WHERE registrar_handle = 'icannsla' OR registrar_handle IS NULL`,
    );
    return [rows[0]!.total, rows[0]!.locks];
  });
  ({ browser, page } = await openSignedIn(username, { axe: true, path: '/registrar/generalData' }));
});

afterAll(async () => {
  await browser?.close();
});

describe("the registry's messages", () => {
  it('shows the unread count on the bell, which opens the inbox with the announcement pinned', async () => {
    expect(total).toBeGreaterThan(2);
    await bell(String(total)).click();
    await page.waitForURL((url) => url.pathname === '/messages');
    await page.getByRole('heading', { name: 'Messages from the registry', level: 1 }).waitFor();
    const pinned = page.getByTestId('messages-pinned').getByTestId('message');
    await expect.poll(() => pinned.count()).toBe(1);
    expect(await pinned.innerText()).toMatch(/Announcement[\s\S]*Planned maintenance/);
    await expect.poll(() => items().count()).toBe(total - 1);
    await settled();
    await capturePage(page, 'messages-inbox');
    await expectNoAxeViolations(page, 'messages inbox');
    await page.setViewportSize(phone);
    await expectNoAxeViolations(page, 'messages inbox at 390 px');
    await page.setViewportSize(laptop);
  });

  it('filters by kind; Mark read and Dismiss bring the count down at once', async () => {
    await page.getByLabel('Kind').selectOption({ label: 'Registry lock set' });
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'lockSet');
    await expect.poll(() => items().count()).toBe(lockSets);
    await items().first().getByRole('button', { name: 'Mark read' }).click();
    await bell(String(total - 1)).waitFor();
    await items().first().getByRole('button', { name: 'Mark unread' }).waitFor();

    await page.getByTestId('messages-pinned').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByTestId('messages-pinned').waitFor({ state: 'detached' });
    await bell(String(total - 2)).waitFor();
  });

  it("links a message to its registration's view, and Mark all read empties the bell", async () => {
    const link = items().first().getByTestId('message-registration');
    const name = await link.innerText();
    await link.click();
    await page.waitForURL((url) => url.pathname === `/registrations/registration/${encodeURIComponent(name)}/view`);
    await page.getByRole('heading', { name }).first().waitFor();
    await page.goBack();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByTestId('messages-mark-all-read').click();
    await page.getByRole('link', { name: 'Messages, none unread' }).waitFor();
    await page.getByLabel('Unread only').check();
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByTestId('messages-none').waitFor();
    await settled();
    await capturePage(page, 'messages-none-unread');
  });
});
