import type { DomainSearchResponse, Envelope } from '@registrar-panel/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage } from './support/browser';
import { capturePage } from './support/screenshots';
import { signIn } from './support/sign-in';
import { openSignedIn } from './support/signed-in';

/*
 * API keys as admin@globex lives them in Chromium: User Management links to 'API keys'; a key with
 * the registrations scope is created, its secret read from the panel that shows it once; a plain
 * HTTP client (Node's fetch, no browser) then reads globex's registrations with it, is refused a
 * route outside its scope, and once the key is revoked in the browser, is refused altogether; the
 * list shows the key's last use. support@globex sees no link and is told the page is not theirs.
 * The tests run in order and share the admin's page.
 */
let browser: Browser;
let admin: Page;

const keyName = `Nightly sync ${Date.now().toString(36)}`;
const dateTime = /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} CES?T/;
let secret = '';

const alert = (page: Page, text: string) => page.locator('.app-alerts [role="alert"]', { hasText: text });
const keyRow = (page: Page) => page.locator('[data-testid="api-keys-table"] tbody tr', { hasText: keyName });
const searchPath = '/services/domains/search?ulabel=*&size=20';

/** A call as the registrar's own tooling makes it: Node's fetch, the key as a bearer token. */
function withKey(path: string, key = secret): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
}

/** The signed-in browser's access token, to compare the key's answers with the session's. */
function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
    return (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
  });
}

beforeAll(async () => {
  ({ browser, page: admin } = await openSignedIn('admin@globex', { permissions: ['clipboard-read', 'clipboard-write'] }));
});

afterAll(async () => {
  await browser?.close();
});

describe('API keys as admin@globex', () => {
  it("is reached from User Management's header, not from the menu", async () => {
    await admin.goto('/users');
    await admin.getByRole('heading', { name: 'List of users' }).waitFor();
    expect(await admin.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'API keys' }).count()).toBe(0);
    await admin.getByRole('link', { name: 'API keys' }).click();
    await admin.waitForURL('**/users/apiKeys');
    await admin.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    expect(await admin.title()).toBe('API keys · .be registrar panel');
    await admin.getByRole('heading', { name: 'Keys of your registrar' }).waitFor();
    expect(await admin.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api');
    await capturePage(admin, 'api-keys-list-before');
  });

  it("checks the dialog in the browser with the contract's rules, and shows the server's on their fields", async () => {
    await admin.getByRole('button', { name: 'Create API key' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create API key' });
    await dialog.waitFor();
    // The name field has the focus; the expiry is 90 days ahead.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('api-key-name');
    const expiry = await dialog.getByLabel('Expires after (last day)').inputValue();
    const days = Math.round((Date.parse(expiry) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000);
    expect(days).toBeGreaterThanOrEqual(89);
    expect(days).toBeLessThanOrEqual(91);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Please complete this mandatory field.').waitFor();
    await dialog.getByText('Choose at least one scope.').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('textbox', { name: /Allowed IP addresses/ }).fill('192.0.2.10\n\nnot-an-address');
    await dialog.getByText('Line 3: Enter an IPv4 or IPv6 address, or a CIDR range such as 192.0.2.0/24.').waitFor();
    await capturePage(admin, 'api-keys-create-invalid', { fullPage: false });
    // A range of every address is no restriction: the form says to leave the list empty instead.
    await dialog.getByRole('textbox', { name: /Allowed IP addresses/ }).fill('192.0.2.10\n0.0.0.0/0');
    await dialog.getByText('Line 2: This range holds every address, so it restricts nothing.', { exact: false }).waitFor();
    await capturePage(admin, 'api-keys-create-everywhere', { fullPage: false });
    await dialog.getByRole('textbox', { name: /Allowed IP addresses/ }).fill('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('creates a key with the registrations scope and shows its secret once, with Copy and a curl example', async () => {
    await admin.getByRole('button', { name: 'Create API key' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(keyName);
    await dialog.getByRole('checkbox', { name: 'Registrations' }).check();
    // The test's client calls from this machine; the range only shows how a list is written.
    await dialog.getByRole('textbox', { name: /Allowed IP addresses/ }).fill('127.0.0.1\n::1\n\n192.0.2.77/24');
    await dialog.getByText('Search, registrations, contacts, the portfolio overview and their CSV exports.').waitFor();
    await capturePage(admin, 'api-keys-create', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const panel = admin.getByRole('dialog', { name: `API key ${keyName} created` });
    await panel.waitFor();
    await panel.getByText('Copy this key now. You will not be able to see it again.').waitFor();
    secret = (await panel.getByTestId('api-key-secret').innerText()).trim();
    expect(secret).toMatch(/^rpk_\S+$/);
    expect(await panel.getByTestId('api-key-example').innerText()).toContain(`Authorization: Bearer ${secret}`);
    await panel.getByRole('button', { name: 'Copy', exact: true }).click();
    await panel.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await capturePage(admin, 'api-keys-secret', { fullPage: false });

    await panel.getByRole('button', { name: 'Done, I have copied the key' }).click();
    await panel.waitFor({ state: 'detached' });
    // The focus goes back to the button that began it all.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Create API key');
    // Gone from the page for good: only its prefix is listed.
    expect(await admin.content()).not.toContain(secret);
    const row = keyRow(admin);
    await row.getByText('Active').waitFor();
    await row.getByText('Never used').waitFor();
    expect(secret.startsWith((await row.locator('code').innerText()).replace('…', ''))).toBe(true);
    // The addresses as the server keeps them: canonical, the range from its network address.
    expect(await row.getByRole('listitem').allInnerTexts()).toEqual(['127.0.0.1', '::1', '192.0.2.0/24']);
    await capturePage(admin, 'api-keys-list');
  });

  it("refuses a second active key of the same name, on the name's field", async () => {
    await admin.getByRole('button', { name: 'Create API key' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(keyName);
    await dialog.getByRole('checkbox', { name: 'Billing lines' }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Another active API key of your registrar has this name. Please choose another one.').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("lets a plain HTTP client read the registrar's registrations with the key, and nothing outside its scope", async () => {
    const answer = await withKey(searchPath);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Envelope<DomainSearchResponse>;
    expect(body.data?.results.length).toBeGreaterThan(0);
    // The same registrations the administrator's own session finds: globex's, no other registrar's.
    const session = await fetch(`${baseUrl()}${searchPath}`, { headers: { authorization: `Bearer ${await sessionToken(admin)}` } });
    const sessionBody = (await session.json()) as Envelope<DomainSearchResponse>;
    expect(body.data?.totalResults).toBe(sessionBody.data?.totalResults);
    expect(body.data?.results.map((result) => result.uLabel)).toEqual(sessionBody.data?.results.map((result) => result.uLabel));

    expect((await withKey('/services/registrar/finance/billingLines?year=2025&month=1')).status).toBe(403);
    expect((await withKey('/services/users')).status).toBe(403);
    expect((await withKey(searchPath, `${secret}x`)).status).toBe(401);
  });

  it('shows the last use in the list, then revokes the key after a confirmation: the client is refused at once', async () => {
    await admin.reload();
    const row = keyRow(admin);
    const lastUse = row.getByTestId('api-key-last-use');
    await lastUse.getByText(/^from /).waitFor();
    expect(await lastUse.innerText()).toMatch(dateTime);

    await row.getByRole('button', { name: `Revoke ${keyName}` }).click();
    const confirm = admin.getByRole('dialog', { name: `Revoke ${keyName}` });
    await confirm.waitFor();
    await expect.poll(() => admin.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await alert(admin, `API key ${keyName} has been revoked.`).waitFor();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    // The focus is on the list, not lost with the button that went.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('api-keys-list-title');
    await capturePage(admin, 'api-keys-revoked');

    expect((await withKey(searchPath)).status).toBe(401);
  });
});

describe('API keys as support@globex', () => {
  let support: Page;
  beforeAll(async () => {
    support = await newPage(browser);
    await signIn(support, 'support@globex', undefined, '/users');
    await support.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Close' }).click();
  });

  it('finds no link and is told the page is for administrators', async () => {
    await support.getByTestId('not-allowed').waitFor();
    expect(await support.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    await support.goto('/users/apiKeys');
    await support.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await support.getByTestId('not-allowed').getByText('Only administrators manage API keys').waitFor();
    expect(await support.getByRole('button', { name: 'Create API key' }).count()).toBe(0);
    await capturePage(support, 'api-keys-not-allowed');
  });
});
