import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleMailLimits } from '../apps/server/src/modules/notification-rules/rule-mail';
import { applyLines, numbered } from '../apps/server/src/feed/feed.test-support';
import { readPosition } from '../apps/server/src/feed/position';
import { readDomainDocs, type DomainDoc } from '../apps/server/src/feed/random-changes.test-support';
import { checkExpiries } from '../apps/server/src/modules/notification-rules/rule-jobs';
import { alertSaying, closeAlert } from './support/alerts';
import { expectNoAxeViolations } from './support/axe';
import { allMail, lastMailFile } from './support/mailbox';
import { asFeed } from './support/registry';
import { capturePage, laptop, phone } from './support/screenshots';
import { openSignedIn } from './support/signed-in';
import { startWebhookReceiver, verifiedEvent, type WebhookReceiver } from './support/webhook-receiver';

/*
 * A rule of every kind, hit, as admin@globex lives it (no other file gives globex rules): the rules
 * added in the dialog, a webhook endpoint on a receiver on this machine, then one feed batch from the
 * registry (played through the importer on the portal's own database) that moves one registration
 * for each kind and creates one that a saved search counts. The expiry rule's daily run is played
 * too (the portal runs it at 06:00); the saved search is counted by the portal's own minute job and
 * the hits mailed by its minute job. Each hit then shows in the bell and the inbox, reaches the
 * receiver signed as Standard Webhooks says, shows in the endpoint's delivery log, and comes by mail.
 * The rules' server side (every kind against a recount from the feed lines, no hit twice) is
 * apps/server's rule-hits.test.ts.
 */
const username = 'admin@globex';
const email = 'admin@globex.example';
let browser: Browser;
let page: Page;
let receiver: WebhookReceiver;
let secret = '';
/** The mail folder's last file before the batch: the hits' mails come after it. */
let mailBefore = '';
/** The expiry rule's hits in the daily run (the demo has other registrations of globex's expiring within 5 days). */
let expiryHits = 0;

/** Each rule, what the dialog is given for it, and the registration (by the feed's batch) it hits. */
interface RuleCase {
  name: string;
  kind: string;
  fill?: (dialog: Locator) => Promise<void>;
  /** Read back on the rules page. */
  watch: string;
}
const rules: RuleCase[] = [
  {
    name: 'Held by the registry',
    kind: 'entersStatus',
    watch: 'Enters status serverHold',
    fill: (d) =>
      d
        .getByLabel('Status')
        .selectOption('serverHold')
        .then(() => undefined),
  },
  {
    name: 'In redemption',
    kind: 'entersGracePeriod',
    watch: 'Enters grace period: Redemption period',
    fill: (d) =>
      d
        .getByLabel('Grace period')
        .selectOption('REDEMPTION_PERIOD')
        .then(() => undefined),
  },
  {
    name: 'Transfer locked',
    kind: 'entersLabel',
    watch: 'Gets label Transfer lock',
    fill: (d) =>
      d
        .getByLabel('Label')
        .selectOption('TRANSFER_LOCK')
        .then(() => undefined),
  },
  { name: 'Leaving us', kind: 'transferAway', watch: 'A transfer away from your registrar is requested' },
  { name: 'Name servers moved', kind: 'nameserversChange', watch: 'Its name servers change' },
  { name: 'DS changed', kind: 'dsChange', watch: 'Its DS records change' },
  { name: 'New registrant', kind: 'registrantChange', watch: 'Its registrant changes' },
  { name: 'Expiring this week', kind: 'expiresWithin', watch: 'Expires within 5 days', fill: (d) => d.getByLabel('Days before the expiry date').fill('5') },
  {
    name: 'Campaign names',
    kind: 'searchCount',
    watch: 'Saved search *rulehits*: count at least 1',
    fill: async (d) => {
      await d.getByLabel('Search', { exact: true }).fill('*rulehits*');
      await d.getByLabel('When the count').selectOption('atLeast');
      await d.getByLabel('Threshold').fill('1');
    },
  },
];
/** The registration each rule is about, once the batch has been sent (the saved search's: the new one). */
const hitDomain = new Map<string, string>();

const ruleItem = (name: string) => page.getByTestId('rule').filter({ has: page.getByRole('heading', { name, exact: true }) });
const hitItems = () => page.getByTestId('messages-list').getByTestId('message');
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The rule hits the inbox shows (kind 'Notification rule'), as their texts: of one registration (the
 * Domain name filter), or the first page (25, newest first: the expiry run alone may fill it).
 */
async function inboxHits(domain?: string): Promise<string[]> {
  await page.goto(`/messages?kind=ruleHit${domain ? `&domain=${encodeURIComponent(domain)}` : ''}`);
  await page.getByRole('heading', { name: 'Messages from the registry', level: 1 }).waitFor();
  await page.locator('[data-testid="messages-list"][aria-busy="false"]').waitFor();
  return hitItems().locator('.messages-text').allInnerTexts();
}

/** The registry's batch: one registration moved for each kind of rule, and a new one the saved search counts. */
function batchLines(docs: DomainDoc[], otherContact: string, firstTransferId: number, newDomainId: number): Record<string, unknown>[] {
  const now = Date.now();
  const [held, redemption, locked, leaving, moved, signed, handedOver, expiring] = docs as [
    DomainDoc,
    DomainDoc,
    DomainDoc,
    DomainDoc,
    DomainDoc,
    DomainDoc,
    DomainDoc,
    DomainDoc,
  ];
  const upsert = (doc: DomainDoc, change: Partial<DomainDoc>) => ({ type: 'domain', op: 'upsert', data: { ...doc, updatedAt: iso(now), ...change } });
  const created = `rulehits-${now.toString(36)}.be`;
  hitDomain.set('Held by the registry', held.name);
  hitDomain.set('In redemption', redemption.name);
  hitDomain.set('Transfer locked', locked.name);
  hitDomain.set('Leaving us', leaving.name);
  hitDomain.set('Name servers moved', moved.name);
  hitDomain.set('DS changed', signed.name);
  hitDomain.set('New registrant', handedOver.name);
  hitDomain.set('Expiring this week', expiring.name);
  hitDomain.set('Campaign names', created);
  return [
    upsert(held, { statuses: [{ status: 'serverHold', reason: 'Court order' }] }),
    upsert(redemption, { rgpStatus: 'REDEMPTION_PERIOD', statuses: [{ status: 'redemption', reason: null }] }),
    upsert(locked, { statuses: [{ status: 'clientTransferProhibited', reason: null }] }),
    upsert(leaving, { statuses: [{ status: 'pendingTransfer', reason: null }] }),
    {
      type: 'transfer',
      op: 'upsert',
      data: { id: firstTransferId, domain: leaving.id, status: 'PENDING', gaining: 'acme', losing: 'globex', requestedAt: iso(now) },
    },
    upsert(moved, { nameservers: [{ name: 'ns1.rule-hits.example', nameUnicode: 'ns1.rule-hits.example', ipAddresses: [] }] }),
    upsert(signed, { delegationSigners: [{ keyTag: 4242, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) }] }),
    upsert(handedOver, { registrant: otherContact }),
    upsert(expiring, { expiresAt: iso(now + 3 * 86_400_000) }),
    {
      type: 'domain',
      op: 'upsert',
      data: {
        id: newDomainId,
        name: created,
        aLabel: created,
        registrar: 'globex',
        registrant: held.registrant,
        createdAt: iso(now),
        updatedAt: iso(now),
        expiresAt: iso(now + 365 * 86_400_000),
        statuses: [{ status: 'ok', reason: null }],
        contacts: [],
        nameservers: [],
        delegationSigners: [],
      },
    },
  ];
}

beforeAll(async () => {
  receiver = await startWebhookReceiver('/rule-hits');
  ({ browser, page } = await openSignedIn(username, { axe: true, path: '/messages/rules' }));
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('a rule of every kind, hit', () => {
  it('adds a rule of each kind in the dialog, each read back in words', async () => {
    await page.getByRole('heading', { name: 'Notification rules', level: 1 }).waitFor();
    for (const rule of rules) {
      await page.getByRole('button', { name: 'Add rule' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add a notification rule' });
      await dialog.waitFor();
      await dialog.getByLabel('Name').fill(rule.name);
      await dialog.getByLabel('What the rule watches').selectOption(rule.kind);
      await rule.fill?.(dialog);
      await dialog.getByRole('button', { name: 'Add rule' }).click();
      await closeAlert(page, `Rule ${rule.name} added.`);
      await dialog.waitFor({ state: 'detached' });
      expect(await ruleItem(rule.name).getByTestId('rule-watch').innerText()).toBe(rule.watch);
    }
    // The saved search was counted when it was added: no registration matches it yet.
    expect(await ruleItem('Campaign names').innerText()).toContain('Last counted: 0 registrations');
    await capturePage(page, 'rule-hits-rules');
    await page.setViewportSize(phone);
    await expectNoAxeViolations(page, 'the rules page with a rule of every kind at 390 px');
    await page.setViewportSize(laptop);
  });

  it('adds a webhook endpoint on a receiver on this machine, for every event', async () => {
    await page.goto('/users/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Address (https://)').fill(receiver.url);
    expect(await dialog.getByRole('checkbox', { name: 'A notification rule fired' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'The signing secret of the new endpoint' });
    secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url }).waitFor();
  });

  it("shows each hit of the registry's batch in the bell and the inbox, with the expiry's daily run", async () => {
    // Everything read first, so that the bell counts the hits alone.
    await page.goto('/messages');
    await page.getByTestId('messages-mark-all-read').click();
    await page.getByRole('link', { name: 'Messages, none unread' }).waitFor();
    mailBefore = lastMailFile();
    const { summary, expiries } = await asFeed(async (database) => {
      const docs = await readDomainDocs(
        database.pool,
        `(SELECT d.* FROM domains d
           WHERE d.registrar_handle = 'globex' AND d.rgp_status IS NULL AND d.expires_at > now() + interval '60 days'
             AND (SELECT array_agg(s.status::text) FROM domain_statuses s WHERE s.domain_id = d.id) = ARRAY['ok']
             AND NOT EXISTS (SELECT 1 FROM delegation_signers k WHERE k.domain_id = d.id)
             AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.domain_id = d.id AND t.status = 'PENDING')
           ORDER BY d.id LIMIT 8)`,
        [],
      );
      expect(docs).toHaveLength(8);
      const { rows } = await database.pool.query<{ contact: string; transfer: string; domain: string }>(
        `SELECT (SELECT handle FROM contacts WHERE registrar_handle = 'globex' AND handle <> $1 ORDER BY handle LIMIT 1) AS contact,
                (SELECT coalesce(max(id), 0) + 1 FROM transfers)::text AS transfer, (SELECT max(id) + 1 FROM domains)::text AS domain`,
        [docs[6]!.registrant],
      );
      const next = rows[0]!;
      const lines = batchLines(docs, next.contact, Number(next.transfer), Number(next.domain));
      const applied = await applyLines(database, numbered(lines, (await readPosition(database.pool)) + 1));
      // The portal runs it at 06:00 Brussels; played now rather than awaited. Other registrations of
      // globex's may expire within the 5 days as well: each is a hit.
      return { summary: applied, expiries: await checkExpiries(database.db) };
    });
    expect(summary.rejects).toEqual([]);
    expiryHits = expiries;
    expect(expiryHits).toBeGreaterThanOrEqual(1);

    // Every kind the batch or the daily run told is in the inbox at once (the search is counted by the minute job).
    const told = new Map<string, string[]>();
    for (const rule of rules.filter((r) => r.kind !== 'searchCount')) {
      const texts = await inboxHits(hitDomain.get(rule.name));
      told.set(rule.name, texts);
      expect(
        texts.some((text) => text.startsWith(`${rule.name}: ${hitDomain.get(rule.name)}`)),
        `${rule.name} in ${texts.join(' | ')}`,
      ).toBe(true);
    }
    expect(told.get('Held by the registry')).toContain(`Held by the registry: ${hitDomain.get('Held by the registry')} +serverHold`);
    expect(told.get('Leaving us')).toContain(`Leaving us: ${hitDomain.get('Leaving us')} → acme`);
    // The bell counts them: one hit for each of the seven rules the batch fired, and the expiry run's,
    // and the saved search's once the portal's minute job has counted it (it can come meanwhile: it
    // did once in CI, on a slow run; the next test waits for that one).
    const hits = 7 + expiryHits;
    await page.getByRole('link', { name: new RegExp(`^Messages, (?:${hits}|${hits + 1}) unread$`) }).waitFor();
    await expectNoAxeViolations(page, 'the inbox with rule hits');
  });

  it("tells the saved search's crossing once the portal's minute job has counted it", async () => {
    // The portal counts the searches a batch touched every minute.
    await expect
      .poll(async () => (await inboxHits()).find((text) => text.startsWith('Campaign names:')), { timeout: 100_000, interval: 5_000 })
      .toBe('Campaign names: 0 → 1');
    await page.goto('/messages/rules');
    expect(await ruleItem('Campaign names').innerText()).toContain('Last counted: 1 registration');
    await inboxHits(hitDomain.get('Held by the registry'));
    // The hit links to its registration; on a phone too.
    const first = hitItems().filter({ hasText: `Held by the registry: ${hitDomain.get('Held by the registry')}` });
    expect(await first.getByTestId('message-registration').innerText()).toBe(hitDomain.get('Held by the registry'));
    await capturePage(page, 'rule-hits-inbox');
    await page.setViewportSize(phone);
    await expectNoAxeViolations(page, 'the inbox with rule hits at 390 px');
    await page.setViewportSize(laptop);
  }, 150_000); // up to a minute for the portal's job, beside the page's own steps

  it('delivers each rule that fired to the webhook receiver, signed, and lists the deliveries', async () => {
    type RuleHitEvent = { type: string; data: { rule: { name: string }; hits: { domainName: string | null }[] } };
    const verified = () => receiver.arrivals.map((arrival) => verifiedEvent(arrival, secret) as RuleHitEvent).filter((event) => event.type === 'rule.hit');
    await expect
      .poll(
        () =>
          verified()
            .map((event) => event.data.rule.name)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual(rules.map((rule) => rule.name).sort());
    for (const event of verified().filter((e) => e.data.rule.name !== 'Campaign names')) {
      expect(event.data.hits.map((hit) => hit.domainName)).toContain(hitDomain.get(event.data.rule.name));
    }

    // The log is read when it opens; an attempt is written once the receiver has answered.
    const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    const ruleHitRows = card.getByTestId('webhook-deliveries').locator('tbody tr', { hasText: 'A notification rule fired' });
    await expect
      .poll(
        async () => {
          await page.goto('/users/webhooks');
          await card.getByRole('button', { name: 'Delivery log' }).click();
          await card.getByTestId('webhook-deliveries').or(card.getByText('Nothing was sent to this endpoint yet.')).waitFor();
          return ruleHitRows.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(rules.length);
    expect(await ruleHitRows.filter({ hasText: 'Delivered' }).count()).toBe(rules.length);
    await capturePage(page, 'rule-hits-webhook-deliveries');
    await expectNoAxeViolations(page, 'the delivery log with rule hits');
  }, 90_000); // the log's poll reloads the page

  it('mails the hits to the recipient at once (the minute job), every rule named', async () => {
    const mails = () =>
      allMail().filter((mail) => mail.file > mailBefore && mail.to.includes(email) && /new notification rule hits? for registrar globex/.test(mail.subject));
    const mailed = () =>
      mails()
        .map((mail) => mail.text)
        .join('\n');
    // The hits of the batch and the search's crossing may come in one mail or two. Every hit counted
    // once across the mails, none twice.
    const counted = () => mails().reduce((sum, mail) => sum + Number(/had (\d+) new hits?/.exec(mail.text)?.[1] ?? Number.NaN), 0);
    const total = 7 + expiryHits + 1;
    await expect.poll(counted, { timeout: 100_000, interval: 2_000 }).toBe(total);
    // A mail lists ruleMailLimits.listedHits hits and counts the rest, each rule's first hit before
    // any rule's second: every rule is named, however many hits the day's expiry run made.
    expect(rules.length).toBeLessThanOrEqual(ruleMailLimits.listedHits);
    expect(rules.filter((rule) => mailed().includes(`${rule.name}: `)).map((rule) => rule.name)).toEqual(rules.map((rule) => rule.name));
    for (const rule of rules.filter((r) => r.kind !== 'searchCount' && r.kind !== 'expiresWithin'))
      expect(mailed()).toContain(`${rule.name}: ${hitDomain.get(rule.name)}`);
  }, 150_000); // up to a minute for the portal's mail job

  it('deletes the endpoint, so that nothing is sent to the closed receiver', async () => {
    const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete' }).click();
    await alertSaying(page, 'was deleted.').waitFor();
  });
});
