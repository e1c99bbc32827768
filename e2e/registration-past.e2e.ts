import type { Browser, Page } from 'playwright-core';
import { brusselsDay } from '@registrar-panel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLines, numbered } from '../apps/server/src/feed/feed.test-support';
import { readPosition } from '../apps/server/src/feed/position';
import { readDomainDocs, type DomainDoc } from '../apps/server/src/feed/random-changes.test-support';
import { expectNoAxeViolations } from './support/axe';
import { asFeed } from './support/registry';
import { capturePage } from './support/screenshots';
import { openSignedIn } from './support/signed-in';

/*
 * The registrations' past as tech@icannsla reads it (no later file reads icannsla's registrations):
 * the portal's past is made to start two days ago (the demo's snapshot moved back, as if the portal
 * had been deployed then), then one feed batch changes a registration's name servers, transfers one
 * away, deletes one and creates one. Yesterday's portfolio, the changes between yesterday and today,
 * and a registration's timeline then show what happened, each at 1366 and 390 px with axe. The
 * server's rules (every instant against a recount, tenants, roles) are apps/server's tests.
 */
const username = 'tech@icannsla';
let browser: Browser;
let page: Page;
const day = (offsetDays: number) => brusselsDay(new Date(Date.now() + offsetDays * 86_400_000));
const typed = (isoDay: string) => isoDay.replaceAll('-', '/');
let changed: DomainDoc;
let transferred: DomainDoc;
let deleted: DomainDoc;
let created = '';

beforeAll(async () => {
  await asFeed(async (database) => {
    // As if the portal had been deployed two days ago: the snapshot's versions and the known past move back.
    await database.pool.query(`UPDATE registration_versions SET valid_from = valid_from - interval '2 days'
                                 WHERE valid_from <= (SELECT known_from FROM registration_history_start)`);
    await database.pool.query(`UPDATE registration_history_start SET known_from = known_from - interval '2 days'`);
    const docs = await readDomainDocs(
      database.pool,
      `(SELECT d.* FROM domains d WHERE d.registrar_handle = 'icannsla'
           AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.domain_id = d.id AND t.status = 'PENDING') ORDER BY d.u_label LIMIT 3)`,
      [],
    );
    expect(docs).toHaveLength(3);
    [changed, transferred, deleted] = docs as [DomainDoc, DomainDoc, DomainDoc];
    const now = new Date().toISOString();
    const { rows } = await database.pool.query<{ id: string }>('SELECT (max(id) + 1)::text AS id FROM domains');
    created = `past-${Date.now().toString(36)}.be`;
    const summary = await applyLines(
      database,
      numbered(
        [
          {
            type: 'domain',
            op: 'upsert',
            data: { ...changed, updatedAt: now, nameservers: [{ name: 'ns1.past.example', nameUnicode: 'ns1.past.example', ipAddresses: [] }] },
          },
          { type: 'domain', op: 'upsert', data: { ...transferred, updatedAt: now, registrar: 'globex', transferredAt: now } },
          { type: 'domain', op: 'delete', key: { id: deleted.id } },
          {
            type: 'domain',
            op: 'upsert',
            data: { ...changed, id: Number(rows[0]!.id), name: created, aLabel: created, createdAt: now, updatedAt: now, transferredAt: null, nameservers: [] },
          },
        ],
        (await readPosition(database.pool)) + 1,
      ),
    );
    expect(summary.rejects).toEqual([]);
  });
  ({ browser, page } = await openSignedIn(username, { axe: true, path: '/registrations/search' }));
});

afterAll(async () => {
  await browser?.close();
});

describe("the registrations' past", () => {
  it("shows yesterday's portfolio, reached from the search page: the registrations transferred away and deleted since are in it, the new one is not", async () => {
    await page.getByTestId('portfolio-on-date-link').click();
    await page.getByRole('heading', { name: 'Portfolio on a date', level: 1 }).waitFor();
    await page.getByLabel('Date', { exact: true }).fill(typed(day(-1)));
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('at') === day(-1));
    const table = page.getByTestId('portfolio-on-date-table');
    await table.waitFor();
    // The first page is in name order, and the batch's three were chosen first in that order.
    const names = await table.locator('tbody tr th a').allInnerTexts();
    expect(names).toEqual(expect.arrayContaining([changed.name, transferred.name, deleted.name]));
    expect(names).not.toContain(created);
    // Narrowed as the search narrows, against the registration as it was then: here by its name.
    await page.getByLabel('Domain name', { exact: true }).fill(deleted.name);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('domainname') === deleted.name);
    await expect.poll(() => table.locator('tbody tr th a').allInnerTexts()).toEqual([deleted.name]);
    await capturePage(page, 'registration-past-on-date');
    await expectNoAxeViolations(page, "yesterday's portfolio");
  });

  it('counts the changes between yesterday and today, each kind with its list: added, removed with why, changed with before and after', async () => {
    await page.goto('/registrations/search');
    await page.getByTestId('portfolio-changes-link').click();
    await page.getByRole('heading', { name: 'Changes between dates', level: 1 }).waitFor();
    await page.getByLabel('From', { exact: true }).fill(typed(day(-1)));
    await page.getByLabel('To', { exact: true }).fill(typed(day(0)));
    await page.getByRole('button', { name: 'Show' }).click();
    const count = (kind: string) => page.getByTestId(`portfolio-change-count-${kind}`);
    await count('added').waitFor();
    expect(await count('added').innerText()).toMatch(/Added\s+1$/);
    expect(await count('removed').innerText()).toMatch(/Removed\s+2$/);
    expect(await count('changed').innerText()).toMatch(/Changed\s+1$/);
    expect(await page.getByText(created).count()).toBeGreaterThan(0);

    await count('removed').getByRole('link').click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'removed');
    await page.getByText('Transferred away').first().waitFor();
    await page.getByText('Deleted', { exact: true }).first().waitFor();

    await count('changed').getByRole('link').click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'changed');
    await page.getByText('ns1.past.example').first().waitFor();
    await capturePage(page, 'registration-past-changes');
    await expectNoAxeViolations(page, 'the changes between two dates');
  });

  it("shows a registration's timeline, linked from its view: the state before the batch and the state now", async () => {
    await page.goto(`/registrations/registration/${encodeURIComponent(changed.name)}/view`);
    await page.getByRole('link', { name: 'History of this registration' }).click();
    await page.getByRole('heading', { name: `History of ${changed.name}` }).waitFor();
    await page.getByText('ns1.past.example').first().waitFor();
    await page.getByText('Now').first().waitFor();
    await capturePage(page, 'registration-past-timeline');
    await expectNoAxeViolations(page, "a registration's timeline");
  });
});
