import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSaying } from './support/alerts';
import { expectNoAxeViolations } from './support/axe';
import { capturePage } from './support/screenshots';
import { openSignedIn } from './support/signed-in';
import { startWebhookReceiver, verifiedEvent, type WebhookReceiver } from './support/webhook-receiver';

/*
 * Webhooks as admin@globex lives them in Chromium: the API keys page links to 'Webhooks'; an
 * endpoint pointing at a receiver on this machine is added (plain http to loopback: the demo allows
 * it), its secret read once; 'Send a test event' reaches the receiver, signed so that the Standard
 * Webhooks library verifies it, and shows in the delivery log, where Redeliver sends it again. The
 * tests run in order and share the admin's page, where axe finds nothing wrong.
 */
let browser: Browser;
let admin: Page;
let receiver: WebhookReceiver;
let secret = '';

beforeAll(async () => {
  receiver = await startWebhookReceiver('/registry-hooks');
  ({ browser, page: admin } = await openSignedIn('admin@globex', { permissions: ['clipboard-read', 'clipboard-write'], axe: true }));
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('webhooks as admin@globex', () => {
  it("is reached from the API keys page's header, not from the menu", async () => {
    await admin.goto('/users/apiKeys');
    await admin.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    expect(await admin.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    await admin.getByTestId('webhooks-link').click();
    await admin.waitForURL('**/users/webhooks');
    await admin.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  });

  it('adds an endpoint and shows its secret once', async () => {
    await admin.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.waitFor();
    await dialog.getByLabel('Address (https://)').fill('https://10.0.0.8/hooks');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText('This address leads to a private, local or reserved network.', { exact: false }).waitFor();
    await expectNoAxeViolations(admin, 'the webhook dialog with a refused address');
    await dialog.getByLabel('Address (https://)').fill(receiver.url);
    await dialog.getByLabel('Description (optional)').fill('Provisioning');
    await capturePage(admin, 'webhooks-form', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = admin.getByRole('dialog', { name: 'The signing secret of the new endpoint' });
    await secretDialog.waitFor();
    secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Close' }).last().click();
    await admin.getByTestId('webhook-endpoint').filter({ hasText: receiver.url }).waitFor();
    expect(await admin.content()).not.toContain(secret);
  });

  it('sends a test event that the receiver verifies, shows it in the delivery log, and redelivers it', async () => {
    const card = admin.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await card.getByRole('button', { name: 'Send a test event' }).click();
    await alertSaying(admin, 'The test event was delivered (status 204).').waitFor();
    expect(receiver.arrivals).toHaveLength(1);
    expect(verifiedEvent(receiver.arrivals[0]!, secret)).toMatchObject({ type: 'webhook.test', registrar: 'globex' });
    const log = card.getByTestId('webhook-deliveries');
    await log.getByText('Test event').waitFor();
    await log.getByText('Delivered').waitFor();
    await capturePage(admin, 'webhooks-delivery-log');
    await expectNoAxeViolations(admin, 'the webhooks page with its delivery log');
    await log.getByRole('button', { name: 'Redeliver' }).first().click();
    await alertSaying(admin, 'The event was delivered again.').waitFor();
    await expect.poll(() => receiver.arrivals.length).toBe(2);
    await expect.poll(() => log.locator('tbody tr').count()).toBe(2);
  });

  it('asks before deleting, and deletes', async () => {
    const card = admin.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete this endpoint?' });
    await confirm.waitFor();
    await capturePage(admin, 'webhooks-delete', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await alertSaying(admin, 'was deleted.').waitFor();
    expect(await admin.getByTestId('webhook-endpoint').filter({ hasText: receiver.url }).count()).toBe(0);
  });
});
