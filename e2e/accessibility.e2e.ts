import { brusselsDay, brusselsYearMonth, formatDay } from '@registrar-panel/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoQuotas, demoSeed } from '../apps/server/src/seed/demo-data';
import type { DomainRecord } from '../apps/server/src/seed/domain-records';
import { RegistryGenerator } from '../apps/server/src/seed/generate';
import { startOfUtcDay } from '../apps/server/src/seed/options';
import { axeContext, expectNoAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { firstLink, lastMailFile, waitForMail } from './support/mailbox';
import { nextOneTimeCode, signIn, submitCode, submitPassword } from './support/sign-in';
import { answerConfigWithMaintenance } from './support/maintenance';
import { answerApiKeys, stopAnsweringApiKeys } from './support/api-key-answers';

/*
 * Accessibility in Chromium. First axe-core on every page and state of the portal and of the sign-in
 * pages, at laptop (1366 px) and phone (390 px) widths: WCAG 2.1 A and AA and axe's best practices,
 * zero violations. Then what axe cannot see: each page's title, the focus after a navigation, focus
 * in dialogs, alerts that wait for a slow reader, invalid fields tied to their message, contact
 * cards that are links. One browser; support@acme (registrar, registrations) and admin@acme (the
 * shell, EPP settings, users) sign in once each. Nothing is saved on the demo registrar, so the other
 * suites find it as they expect; the one account created here is deleted at the end.
 */
let browser: Browser;
let supportContext: BrowserContext;
let support: Page;
let adminContext: BrowserContext;
let admin: Page;

const widths = [
  { width: 1366, height: 850 },
  { width: 390, height: 844 },
] as const;

const generator = new RegistryGenerator({ seed: demoSeed, quotas: demoQuotas, today: startOfUtcDay(Date.now()), tld: 'be' });
const acme = [...generator.domainBatches(5_000)].flatMap((batch) => batch.domains).filter((d) => d.registrarHandle === 'acme');
const firstDomain = (what: string, test: (d: DomainRecord) => boolean): DomainRecord => {
  const found = acme.find(test);
  if (!found) throw new Error(`the demo data has no ${what}`);
  return found;
};

/** The account created for the sign-in pages, deleted at the end. */
const axel = { name: 'e2e-axel', username: 'e2e-axel@acme', person: 'Axel Access', email: 'axel@e2e.example', password: 'Axel-first-password-1' };

/** Waits until no request is pending (the spinner overlay is gone). */
async function settled(page: Page): Promise<void> {
  await page.locator('.app-spinner-overlay').waitFor({ state: 'detached' });
}

/**
 * Checks the page at both widths. `ready` waits for the state to show (and may bring it back after
 * the width changed); the state must survive a change of width.
 */
async function checkBothWidths(page: Page, label: string, ready: () => Promise<void>): Promise<void> {
  try {
    for (const size of widths) {
      await page.setViewportSize(size);
      await ready();
      await settled(page);
      await expectNoAxeViolations(page, `${label} at ${size.width} px`);
      await page.screenshot({ path: `/tmp/rp-a11y-${label.replace(/[^a-z0-9]+/gi, '-')}-${size.width}.png`, fullPage: true });
    }
  } finally {
    await page.setViewportSize(widths[0]);
  }
}

async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await settled(page);
}

beforeAll(async () => {
  browser = await launchBrowser();
  supportContext = await axeContext(browser);
  support = await supportContext.newPage();
  await signIn(support, 'support@acme', undefined, '/registrar/generalData');
  adminContext = await axeContext(browser);
  admin = await adminContext.newPage();
  await signIn(admin, 'admin@acme', undefined, '/cookiepolicy');
  await admin.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Close' }).click();
});

afterAll(async () => {
  await browser?.close();
});

describe('axe: the registrar and registrations, as support@acme', () => {
  let page: Page;
  const heading = (name: string | RegExp) => page.getByRole('heading', { name }).first();
  beforeAll(() => {
    page = support;
  });

  it('general data, with the cookie banner showing', async () => {
    await open(page, '/registrar/generalData', 'General data');
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
    await checkBothWidths(page, 'general data with the cookie banner', () => heading('General data').waitFor());
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Close' }).click();
  });

  it('the public profile', async () => {
    await open(page, '/registrar/publicProfile', 'Public contact');
    await checkBothWidths(page, 'public profile', () => heading('Public contact').waitFor());
  });

  it('the public contact form, valid and with an invalid field', async () => {
    await open(page, '/registrar/publicProfile/editPublicContact', /Update public contact/);
    await page.getByLabel('Country').locator('option').nth(2).waitFor({ state: 'attached' });
    await checkBothWidths(page, 'public contact form', () => heading(/Update public contact/).waitFor());
    await page.getByLabel(/^Email/).fill('not an email');
    await page.getByText('This is an invalid email address.').waitFor();
    await checkBothWidths(page, 'public contact form with an invalid email', () => page.getByText('This is an invalid email address.').waitFor());
  });

  it('the technical and abuse contact forms', async () => {
    await open(page, '/registrar/publicProfile/editTechContact', 'Update technical contact information');
    await page.getByLabel(/^Phone/).fill('12');
    await checkBothWidths(page, 'technical contact form with an invalid phone', () =>
      page.getByText('This is an invalid phone number. Please check the content of this field.').waitFor(),
    );
    await open(page, '/registrar/publicProfile/editAbuseContact', 'Update abuse contact information');
    await checkBothWidths(page, 'abuse contact form', () => heading('Update abuse contact information').waitFor());
  });

  it('transactions', async () => {
    await open(page, '/registrar/transactions', 'Protected transaction status');
    await checkBothWidths(page, 'transactions', () => page.getByText('Current number of transactions').waitFor());
  });

  it('billing: the picker, results and no results', async () => {
    const today = brusselsYearMonth();
    await open(page, '/registrar/billing', 'Billing lines');
    await checkBothWidths(page, 'billing picker', () => heading('Billing lines').waitFor());
    await page.getByLabel('Year').selectOption(String(today.year - 1));
    await page.getByLabel('Month').selectOption({ label: 'December' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('billing-results').waitFor();
    await checkBothWidths(page, 'billing results', () => page.getByTestId('billing-results').waitFor());
  });

  it('reports', async () => {
    await open(page, '/registrar/reports', 'Reports');
    await checkBothWidths(page, 'reports', () => heading('Reports').waitFor());
  });

  it('the registrar history: entries, an invalid date range, no matches', async () => {
    await open(page, '/registrar/history', 'Registrar history');
    await page.getByTestId('history-results').waitFor();
    await checkBothWidths(page, 'registrar history', () => page.getByTestId('history-results').waitFor());
    await page.getByLabel('From', { exact: true }).fill('2025-03-10');
    await page.getByLabel('To', { exact: true }).fill('2025-03-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('The end date cannot be before the start date.').waitFor();
    await checkBothWidths(page, 'registrar history with an invalid range', () => page.getByText('The end date cannot be before the start date.').waitFor());
    await open(page, '/registrar/history?user=nobody-at-all&kind=epp', 'Registrar history');
    await page.getByTestId('history-none').waitFor();
    await checkBothWidths(page, 'registrar history without matches', () => page.getByTestId('history-none').waitFor());
  });

  it('registration search: empty, results with pages, no results, an invalid input', async () => {
    await open(page, '/registrations/search', 'Search registrations');
    await checkBothWidths(page, 'search before searching', () => heading('Search registrations').waitFor());
    await open(page, '/registrations/search?domainname=*&page=2', /matching registrations found/);
    await checkBothWidths(page, 'search results, page 2', () => heading(/matching registrations found/).waitFor());
    await open(page, '/registrations/search?domainname=zzqqxx*&page=1', 'Search registrations');
    await checkBothWidths(page, 'search without results', () => page.getByText('No results for zzqqxx*.').waitFor());
    await page.getByRole('searchbox', { name: 'Domain name' }).fill('a'.repeat(101));
    await checkBothWidths(page, 'search with a too long input', () => page.getByText('Too many characters. The maximum length is 100.').waitFor());
  });

  it('the portfolio overview, a filtered search with its filters open, and a wrong filter from a shared link', async () => {
    await open(page, '/registrations/overview', 'Portfolio overview');
    await checkBothWidths(page, 'portfolio overview', () => page.getByTestId('forecast-chart').locator('canvas').waitFor());
    await open(page, '/registrations/search?domainname=*&page=1&status=ok&label=TRANSFER_LOCK', /matching registrations found/);
    await checkBothWidths(page, 'filtered search', () => heading(/matching registrations found/).waitFor());
    await open(page, '/registrations/search?domainname=*&page=1&expiresFrom=2026-05-01&expiresTo=2026-04-01', 'Search registrations');
    await checkBothWidths(page, 'filtered search with a wrong expiry range', () =>
      page.getByText('The end of the expiry range must not be before its start.').waitFor(),
    );
  });

  it('registration views: contacts, name servers, keys, a grace period', async () => {
    const full = firstDomain(
      'registration with contacts, name servers and keys',
      (d) => d.contacts.length >= 2 && d.nameservers.length > 0 && d.delegationSigners.length > 0,
    );
    const redemption = firstDomain('redemption', (d) => d.rgpStatus === 'REDEMPTION_PERIOD');
    for (const domain of [full, redemption]) {
      await open(page, `/registrations/registration/${encodeURIComponent(domain.uLabel)}/view`, domain.uLabel);
      await page.locator('[data-section="general"]').waitFor();
      await checkBothWidths(page, `registration ${domain.uLabel}`, () => page.locator('[data-section="keys"]').waitFor());
    }
  });

  it('the contact view, with and without a handle', async () => {
    const domain = acme[0]!;
    await open(page, `/contact/view/${encodeURIComponent(domain.registrantHandle)}`, /Contact/);
    await page.locator('[data-section="contact-details"]').waitFor();
    await checkBothWidths(page, 'contact view', () => page.locator('[data-section="contact-details"]').waitFor());
    await open(page, '/contact/view', /Contact/);
    await checkBothWidths(page, 'contact view without a handle', () => page.getByText('No contact was chosen.').waitFor());
  });

  it('a page whose chunk is still loading: the spinner in a status region', async () => {
    // The cookie policy's chunk held back, as on a slow phone network, until the checks are done.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/cookie-policy-page-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto('/cookiepolicy');
      const loading = page.getByRole('status').filter({ hasText: 'Loading the page…' });
      await checkBothWidths(page, 'page chunk loading', () => loading.waitFor());
      expect(await loading.locator('.spinner-border').isVisible()).toBe(true);
    } finally {
      release();
    }
    await page.getByRole('heading', { name: 'Cookie policy', level: 1 }).waitFor();
    expect(await page.getByTestId('page-loading').count()).toBe(0);
    await page.unroute(/\/assets\/cookie-policy-page-[\w-]+\.js$/);
  });

  it('a registration that failed to load, with Retry', async () => {
    const domain = acme[0]!;
    const call = `**/services/domains/${encodeURIComponent(domain.uLabel)}`;
    await page.route(call, (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'busy' }));
    try {
      await open(page, `/registrations/registration/${encodeURIComponent(domain.uLabel)}/view`, domain.uLabel);
      await checkBothWidths(page, 'registration load failed', () => page.getByTestId('load-failed').getByRole('button', { name: 'Retry' }).waitFor());
    } finally {
      await page.unroute(call);
    }
  });

  it('EPP settings and user management, which a SUPPORT user may not use', async () => {
    await open(page, '/epp/ipaddresses', 'EPP settings');
    await checkBothWidths(page, 'EPP settings not allowed', () => page.getByTestId('not-allowed').waitFor());
    await open(page, '/users', 'User Management');
    await checkBothWidths(page, 'users not allowed', () => page.getByTestId('not-allowed').waitFor());
    await open(page, '/users/apiKeys', 'API keys');
    await checkBothWidths(page, 'API keys not allowed', () => page.getByTestId('not-allowed').waitFor());
  });
});

describe('axe: the shell, EPP settings and users, as admin@acme', () => {
  let page: Page;
  const heading = (name: string | RegExp) => page.getByRole('heading', { name }).first();
  beforeAll(() => {
    page = admin;
  });

  it('the cookie policy and the not-found page', async () => {
    await open(page, '/cookiepolicy', 'Cookie policy');
    await checkBothWidths(page, 'cookie policy', () => heading('Cookie policy').waitFor());
    await open(page, '/registrar/nothing-here', 'Page not found');
    await checkBothWidths(page, 'not found', () => heading('Page not found').waitFor());
  });

  it('the menu opened on a phone', async () => {
    await open(page, '/registrar/generalData', 'General data');
    await page.setViewportSize(widths[1]);
    try {
      await page.getByRole('button', { name: 'Open or close the menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      await settled(page);
      await expectNoAxeViolations(page, 'the menu open at 390 px');
      await page.screenshot({ path: '/tmp/rp-a11y-menu-open-390.png' });
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close the menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize(widths[0]);
    }
  });

  it('an error alert', async () => {
    await answerConfigWithMaintenance(page);
    try {
      await page.goto('/cookiepolicy');
      const alert = page.locator('.app-alerts [role="alert"]', { hasText: 'The registry is in maintenance' });
      await alert.waitFor();
      await page.getByRole('heading', { name: 'Cookie policy' }).waitFor();
      // Hovered, the alert stays while it is checked.
      await alert.hover();
      await checkBothWidths(page, 'an error alert', async () => {
        await alert.hover();
        await alert.waitFor();
      });
    } finally {
      await page.unroute('**/services/config');
    }
  });

  it('the EPP pages: addresses, their edit form with an invalid entry, the empty-list warning, the password', async () => {
    await open(page, '/epp/ipaddresses', 'Allowed IP addresses');
    await checkBothWidths(page, 'allowed IP addresses', () => heading('Allowed IP addresses').waitFor());
    await open(page, '/epp/ipaddresses/edit', 'Update your allowed IP addresses');
    const entries = page.getByRole('textbox', { name: /^IP address \d+$/ });
    // Emptying an entry removes it: down to the one empty entry.
    while ((await entries.count()) > 1) await entries.first().fill('');
    await entries.first().fill('not an address');
    await checkBothWidths(page, 'IP edit form with an invalid entry', () => page.getByText('Invalid characters were used.').first().waitFor());
    await page.getByRole('button', { name: 'About the allowed IP addresses' }).hover();
    await page.getByRole('tooltip').waitFor();
    await expectNoAxeViolations(page, 'IP edit tooltip');
    await entries.first().fill('');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const warning = page.getByRole('dialog');
    await warning.waitFor();
    await checkBothWidths(page, 'empty IP list warning', () => warning.waitFor());
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    await open(page, '/epp/password', /EPP password/);
    await page.getByLabel(/^New Password/).fill('short');
    await checkBothWidths(page, 'EPP password with an invalid new password', () => page.getByText(/^Password is not strong enough/).waitFor());
  });

  it('users: the list, an expanded row, the dialogs', async () => {
    await open(page, '/users', 'User Management');
    const support = page.locator('tr.user-row[data-username="support@acme"]');
    await support.waitFor();
    await checkBothWidths(page, 'users list', () => support.waitFor());
    await support
      .getByRole('button', { name: /details/i })
      .first()
      .click();
    await page.getByTestId('user-details').waitFor();
    await checkBothWidths(page, 'users list with an expanded row', () => page.getByTestId('user-details').locator('h3').waitFor());

    await page.getByRole('button', { name: 'Add user' }).click();
    const create = page.getByRole('dialog', { name: 'Add user' });
    await create.waitFor();
    await checkBothWidths(page, 'add user dialog', () => create.waitFor());
    await create.getByLabel(/^Username/).fill('no spaces allowed');
    await checkBothWidths(page, 'add user dialog with an invalid username', () => create.getByText('Only use alfanumerics, _ and -.').waitFor());
    await create.getByRole('button', { name: 'Cancel' }).click();
    await create.waitFor({ state: 'detached' });

    await support.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: /^Edit / });
    await edit.waitFor();
    await checkBothWidths(page, 'edit user dialog', () => edit.waitFor());
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    await support.getByRole('button', { name: /^Delete / }).click();
    const remove = page.getByRole('dialog', { name: /^Delete / });
    await remove.waitFor();
    await checkBothWidths(page, 'delete user dialog', () => remove.waitFor());
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await remove.waitFor({ state: 'detached' });
  });

  it('API keys: a key in each state, the create dialog valid and invalid, the secret shown once, the revoke dialog', async () => {
    // Stubbed answers (support/api-key-answers.ts): no key is created on acme.
    await answerApiKeys(page);
    try {
      await open(page, '/users/apiKeys', 'API keys');
      const table = page.getByTestId('api-keys-table');
      await checkBothWidths(page, 'API keys list', () => table.locator('tr[data-state="revoked"]').waitFor());

      await page.getByRole('button', { name: 'Create API key' }).click();
      const create = page.getByRole('dialog', { name: 'Create API key' });
      await checkBothWidths(page, 'create API key dialog', () => create.waitFor());
      await create.getByRole('button', { name: 'Create key' }).click();
      await checkBothWidths(page, 'create API key dialog with errors', () => create.getByText('Choose at least one scope.').waitFor());
      await create.getByRole('textbox', { name: 'Name' }).fill('Axe check');
      await create.getByRole('checkbox', { name: 'Billing lines' }).check();
      await create.getByRole('button', { name: 'Create key' }).click();
      const secret = page.getByRole('dialog', { name: 'API key Axe check created' });
      await checkBothWidths(page, 'API key secret panel', () => secret.getByTestId('api-key-secret').waitFor());
      await secret.getByRole('button', { name: 'Done, I have copied the key' }).click();
      await secret.waitFor({ state: 'detached' });

      await table.getByRole('button', { name: 'Revoke Nightly portfolio sync' }).click();
      const revoke = page.getByRole('dialog', { name: 'Revoke Nightly portfolio sync' });
      await checkBothWidths(page, 'revoke API key dialog', () => revoke.waitFor());
      await revoke.getByRole('button', { name: 'Cancel' }).click();
      await revoke.waitFor({ state: 'detached' });
    } finally {
      await stopAnsweringApiKeys(page);
    }
  });
});

describe('axe: the sign-in pages', () => {
  const username = axel.username;
  const password = axel.password;
  let context: BrowserContext;
  let page: Page;
  const heading = (name: string | RegExp) => page.getByRole('heading', { name }).first();

  beforeAll(async () => {
    context = await axeContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('sign in: the password step, a refusal, the one-time code and its refusal', async () => {
    await page.goto('/');
    await page.getByLabel('Username').waitFor();
    await checkBothWidths(page, 'sign-in page', () => page.getByLabel('Username').waitFor());
    await submitPassword(page, 'nobody@acme', 'wrong password');
    await checkBothWidths(page, 'sign-in page with an error', () => page.getByRole('alert').waitFor());
    await submitPassword(page, 'finance@acme');
    await page.getByLabel('One-time code').waitFor();
    await checkBothWidths(page, 'one-time code page', () => page.getByLabel('One-time code').waitFor());
    await submitCode(page, '000000');
    await checkBothWidths(page, 'one-time code page with an error', () => page.getByRole('alert').waitFor());
  });

  it('a new account: the activation page, its refusal, the activated page, TOTP enrolment, a used link', async () => {
    // The administrator creates the account through the API, as the users page does.
    const token = await admin.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
      return (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
    });
    const before = lastMailFile();
    const created = await admin.request.post('/services/users', {
      headers: { authorization: `Bearer ${token}` },
      data: { username: axel.name, name: axel.person, email: axel.email, roles: ['SUPPORT'] },
    });
    expect(created.status()).toBe(201);

    // The new account in the users list and its edit dialog: 'Activation pending', 'Resend activation email'.
    await open(admin, '/users', 'User Management');
    const pending = admin.locator(`tr.user-row[data-username="${axel.username}"]`);
    await checkBothWidths(admin, 'users list with activation pending', () => pending.getByText('Activation pending').waitFor());
    await pending.getByRole('button', { name: `Edit ${axel.person}` }).click();
    const pendingDialog = admin.getByRole('dialog', { name: `Edit ${axel.person}` });
    await checkBothWidths(admin, 'edit dialog of a user awaiting activation', () =>
      pendingDialog.getByRole('button', { name: 'Resend activation email' }).waitFor(),
    );
    await pendingDialog.getByRole('button', { name: 'Cancel' }).click();
    await pendingDialog.waitFor({ state: 'detached' });

    const mail = await waitForMail(axel.email, 'Activate your', before);
    await page.goto(firstLink(mail));
    await heading('Activate your account').waitFor();
    await checkBothWidths(page, 'activation page', () => heading('Activate your account').waitFor());
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(`${password}x`);
    await page.getByRole('button', { name: 'Save password' }).click();
    await checkBothWidths(page, 'activation page with an error', () => page.getByRole('alert').waitFor());
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await heading('Your account is active').waitFor();
    await checkBothWidths(page, 'account active page', () => heading('Your account is active').waitFor());

    await page.getByRole('link', { name: 'Sign in' }).click();
    await submitPassword(page, username, password);
    await heading('Set up 2-step verification').waitFor();
    await checkBothWidths(page, 'TOTP enrolment page', () => heading('Set up 2-step verification').waitFor());
    await submitCode(page, '000000');
    await checkBothWidths(page, 'TOTP enrolment page with an error', () => page.getByRole('alert').waitFor());
    const secret = ((await page.locator('#totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await submitCode(page, await nextOneTimeCode(username, secret));
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));

    await page.goto(firstLink(mail));
    await heading('This link cannot be used').waitFor();
    await checkBothWidths(page, 'used link page', () => heading('This link cannot be used').waitFor());
  });

  it('a disabled account with an access end: the list, the dialog and the refused sign-in; forgot password', async () => {
    await open(admin, '/users', 'User Management');
    const axelRow = admin.locator(`tr.user-row[data-username="${axel.username}"]`);
    await axelRow.getByRole('button', { name: `Edit ${axel.person}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Edit ${axel.person}` });
    const access = dialog.getByTestId('user-access');
    const accessEnd = brusselsDay(new Date(Date.now() + 30 * 86_400_000));
    await access.getByLabel('Access until (last day)').fill(accessEnd);
    await access.getByRole('button', { name: 'Save date' }).click();
    // The saved day shows as the section's badge (not the field's label, 'Access until (last day)').
    await access
      .getByTestId('user-status')
      .getByText(`Access until ${formatDay(accessEnd)}`, { exact: true })
      .waitFor();
    // The success alerts close by themselves; axe would catch one half faded.
    const alertsGone = () => expect.poll(() => admin.locator('.app-alert').count(), { timeout: 10_000 }).toBe(0);
    await alertsGone();
    await access.getByRole('button', { name: 'Disable user' }).click();
    await checkBothWidths(admin, 'edit dialog confirming a disable', () =>
      access.getByRole('button', { name: 'Click to confirm: disable and sign out' }).waitFor(),
    );
    await access.getByRole('button', { name: 'Click to confirm: disable and sign out' }).click();
    await access.getByRole('button', { name: 'Enable user' }).waitFor();
    await alertsGone();
    await checkBothWidths(admin, 'edit dialog of a disabled user with an access end', () => access.getByRole('button', { name: 'Enable user' }).waitFor());
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await checkBothWidths(admin, 'users list with a disabled user', () => axelRow.getByText('Disabled', { exact: true }).waitFor());

    const fresh = await axeContext(browser);
    const signInPage = await fresh.newPage();
    try {
      await signInPage.goto('/');
      await signInPage.getByLabel('Username').waitFor();
      await submitPassword(signInPage, username, password);
      await checkBothWidths(signInPage, 'sign-in page refusing a disabled account', () =>
        signInPage
          .getByRole('alert')
          .getByText(/disabled/)
          .waitFor(),
      );
      await signInPage.getByRole('link', { name: 'Forgot password?' }).click();
      await checkBothWidths(signInPage, 'forgot password page', () => signInPage.getByRole('heading', { name: 'Reset your password' }).waitFor());
      await signInPage.getByRole('button', { name: 'Send reset link' }).click();
      await checkBothWidths(signInPage, 'forgot password page with an error', () => signInPage.getByRole('alert').waitFor());
      await signInPage.getByLabel('Username').fill('nobody@acme');
      await signInPage.getByRole('button', { name: 'Send reset link' }).click();
      await checkBothWidths(signInPage, 'forgot password answer', () => signInPage.getByRole('status').waitFor());
    } finally {
      await fresh.close();
    }
  });
});

/** The focused element as 'tag:text', e.g. 'h1:User Management'; 'body:' when nothing has the focus. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '';
    const text = element === document.body ? '' : (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    return `${element.tagName.toLowerCase()}:${text}`;
  });
}

/** Whether the focus is inside the open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

describe('page titles and the focus after a navigation', () => {
  const menu = () => admin.getByRole('navigation', { name: 'Menu' });

  it("names each page in the document title: '{page} · .be registrar panel'", async () => {
    const pages: [string, string | RegExp, string][] = [
      ['/registrations/search', 'Search registrations', 'Search registrations · .be registrar panel'],
      ['/registrations/overview', 'Portfolio overview', 'Portfolio overview · .be registrar panel'],
      ['/registrar/generalData', 'General data', 'General data · Registrar overview · .be registrar panel'],
      [
        '/registrar/publicProfile/editTechContact',
        'Update technical contact information',
        'Update technical contact information · Registrar overview · .be registrar panel',
      ],
      ['/registrar/billing', 'Billing lines', 'Billing · Registrar overview · .be registrar panel'],
      ['/registrar/history', 'Registrar history', 'Registrar history · .be registrar panel'],
      ['/epp/ipaddresses', 'Allowed IP addresses', 'Allowed IP addresses · EPP settings · .be registrar panel'],
      ['/epp/password', /EPP password/, 'Password · EPP settings · .be registrar panel'],
      ['/users', 'User Management', 'User Management · .be registrar panel'],
      ['/api', 'API reference', 'API reference · .be registrar panel'],
      ['/cookiepolicy', 'Cookie policy', 'Cookie policy · .be registrar panel'],
      ['/messages', 'Messages from the registry', 'Messages from the registry · .be registrar panel'],
      ['/registrar/nothing-here', 'Page not found', 'Page not found · .be registrar panel'],
    ];
    for (const [path, heading, title] of pages) {
      await open(admin, path, heading);
      await expect.poll(() => admin.title(), { message: path }).toBe(title);
    }
    const domain = acme[0]!;
    await open(admin, `/registrations/registration/${encodeURIComponent(domain.uLabel)}/view`, domain.uLabel);
    await expect.poll(() => admin.title()).toBe(`${domain.uLabel} · .be registrar panel`);
    await open(admin, `/contact/view/${encodeURIComponent(domain.registrantHandle)}`, /Contact/);
    await expect.poll(() => admin.title()).toBe(`Contact ${domain.registrantHandle} · .be registrar panel`);
  });

  it('leaves the focus alone on the first load, then moves it to the main heading after each navigation', async () => {
    await open(admin, '/registrations/search', 'Search registrations');
    expect(await focused(admin)).toBe('body:');

    await menu().getByRole('link', { name: 'Users' }).click();
    await admin.waitForURL((url) => url.pathname === '/users');
    await expect.poll(() => focused(admin)).toBe('h1:User Management');

    await menu().getByRole('link', { name: 'Registrar' }).press('Enter');
    await admin.waitForURL((url) => url.pathname === '/registrar/generalData');
    await expect.poll(() => focused(admin)).toBe('h1:Registrar overview');
    await admin.screenshot({ path: '/tmp/rp-a11y-heading-focus.png' });

    // A tab keeps the focus: the user goes on through the tabs.
    await admin.getByRole('navigation', { name: 'Registrar overview' }).getByRole('link', { name: 'Public profile' }).click();
    await admin.waitForURL((url) => url.pathname === '/registrar/publicProfile');
    await expect.poll(() => admin.title()).toBe('Public profile · Registrar overview · .be registrar panel');
    expect(await focused(admin)).toBe('a:Public profile');

    // A link inside the page that goes away with it hands the focus to the new page's heading.
    await admin.getByRole('link', { name: 'Update details of the technical contact' }).click();
    await admin.waitForURL((url) => url.pathname.endsWith('/editTechContact'));
    await expect.poll(() => focused(admin)).toBe('h1:Registrar overview');

    // The browser's back button too.
    await admin.goBack();
    await admin.waitForURL((url) => url.pathname === '/registrar/publicProfile');
    await admin.goBack();
    await admin.goBack();
    await admin.waitForURL((url) => url.pathname === '/users');
    await expect.poll(() => focused(admin)).toBe('h1:User Management');

    // A new search on the same page leaves the focus on the form.
    await menu().getByRole('link', { name: 'Registrations' }).click();
    await expect.poll(() => focused(admin)).toBe('h1:Search registrations');
    await admin.getByRole('searchbox', { name: 'Domain name' }).fill('bak*');
    await admin.getByRole('searchbox', { name: 'Domain name' }).press('Enter');
    await admin.getByRole('heading', { name: /matching registration/ }).waitFor();
    expect(await focused(admin)).toBe('input:');
  });
});

describe('dialogs', () => {
  const row = (username: string) => admin.locator(`tr.user-row[data-username="${username}"]`);

  it('start on their first field, keep Tab and Shift+Tab inside, and give the focus back to the button that opened them', async () => {
    await open(admin, '/users', 'User Management');
    const add = admin.getByRole('button', { name: 'Add user' });
    await add.focus();
    await add.press('Enter');
    const dialog = admin.getByRole('dialog', { name: 'Add user' });
    await dialog.waitFor();
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('field-username');
    for (let i = 0; i < 12; i++) {
      await admin.keyboard.press('Tab');
      expect(await focusInDialog(admin), `Tab ${i + 1}`).toBe(true);
    }
    await dialog.getByLabel(/^Username/).focus();
    for (let i = 0; i < 12; i++) {
      await admin.keyboard.press('Shift+Tab');
      expect(await focusInDialog(admin), `Shift+Tab ${i + 1}`).toBe(true);
    }
    // From the first control (the dialog's Close), Shift+Tab goes round to the last (Create is disabled: Cancel).
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await admin.keyboard.press('Shift+Tab');
    expect(await focused(admin)).toBe('button:Cancel');
    await admin.keyboard.press('Tab');
    expect(await focused(admin)).toBe('button:Close');
    await admin.screenshot({ path: '/tmp/rp-a11y-dialog-focus.png' });
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(admin)).toBe('button:Add user');

    await row('support@acme').getByRole('button', { name: 'Edit Sam Support' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Sam Support' });
    await edit.waitFor();
    // The username cannot change: the dialog starts on the name.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('field-name');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await focused(admin)).toBe('button:Edit Sam Support');

    await row('support@acme').getByRole('button', { name: 'Delete Sam Support' }).click();
    const remove = admin.getByRole('dialog', { name: 'Delete Sam Support' });
    await remove.waitFor();
    expect(await focused(admin)).toBe('button:Cancel');
    await admin.keyboard.press('Escape');
    await remove.waitFor({ state: 'detached' });
    expect(await focused(admin)).toBe('button:Delete Sam Support');
  });

  it('the TOTP reset keeps the focus through both clicks and says each new state', async () => {
    await open(admin, '/users', 'User Management');
    await row(axel.username)
      .getByRole('button', { name: `Edit ${axel.person}` })
      .click();
    const dialog = admin.getByRole('dialog', { name: `Edit ${axel.person}` });
    await dialog.waitFor();
    const reset = dialog.getByTestId('totp-reset');
    const status = dialog.getByTestId('totp-reset-status');
    expect(await status.getAttribute('role')).toBe('status');
    await reset.focus();
    await admin.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toBe('Click to confirm reset TOTP');
    expect(await focused(admin)).toBe('button:Click to confirm reset TOTP');
    await admin.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toBe('TOTP has been reset');
    expect(await focused(admin)).toBe('button:TOTP has been reset');
    expect(await reset.getAttribute('aria-disabled')).toBe('true');
    // Pressed again, nothing happens.
    await admin.keyboard.press('Enter');
    expect(await reset.innerText()).toBe('TOTP has been reset');
    await admin.screenshot({ path: '/tmp/rp-a11y-totp-reset.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The account of the sign-in pages goes again.
    await row(axel.username)
      .getByRole('button', { name: `Delete ${axel.person}` })
      .click();
    await admin
      .getByRole('dialog', { name: `Delete ${axel.person}` })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await row(axel.username).waitFor({ state: 'detached' });
  });
});

describe('alerts', () => {
  it('an error alert stays until it is closed (autoClose false), above the spinner overlay', async () => {
    let calls = 0;
    await answerConfigWithMaintenance(admin, () => void (calls += 1));
    try {
      await admin.goto('/cookiepolicy');
      const alert = admin.locator('.app-alerts [role="alert"]', { hasText: 'The registry is in maintenance' });
      await alert.waitFor();
      expect(await alert.getAttribute('data-alert-type')).toBe('error');
      // The call is tried once more a second later, under the spinner overlay. Neither hovered nor
      // focused, the alert is still there past the 3,000 ms + 250 ms an auto-closing alert takes:
      // showing that nothing happens takes that time.
      await admin.mouse.move(0, 0);
      await expect.poll(() => calls).toBe(2);
      await admin.waitForTimeout(4000);
      expect(await alert.isVisible()).toBe(true);
      await alert.getByRole('button', { name: 'Close' }).click();
      await alert.waitFor({ state: 'detached', timeout: 1000 });
    } finally {
      await admin.unroute('**/services/config');
    }
  });
});

describe('invalid fields', () => {
  /** The field's aria-invalid and the text of the elements its aria-describedby names. */
  async function described(page: Page, field: ReturnType<Page['getByLabel']>): Promise<{ invalid: string | null; description: string }> {
    const invalid = await field.getAttribute('aria-invalid');
    const ids = (await field.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
    const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
    return { invalid, description: texts.join(' | ') };
  }

  it('carry aria-invalid and point at their message in the portal', async () => {
    await open(admin, '/registrar/publicProfile/editTechContact', 'Update technical contact information');
    const phone = admin.getByLabel(/^Phone/);
    expect(await described(admin, phone)).toEqual({ invalid: null, description: '' });
    await phone.fill('12');
    await expect
      .poll(() => described(admin, phone))
      .toEqual({ invalid: 'true', description: 'This is an invalid phone number. Please check the content of this field.' });
    await phone.fill('+32.21234567');
    await expect.poll(() => described(admin, phone)).toEqual({ invalid: null, description: '' });

    await open(admin, '/registrations/search', 'Search registrations');
    const search = admin.getByRole('searchbox', { name: 'Domain name' });
    await search.fill('a'.repeat(101));
    await expect
      .poll(() => described(admin, search))
      .toEqual({ invalid: 'true', description: "Use '*' as wildcard | Too many characters. The maximum length is 100." });
  });

  it('carry aria-invalid and point at the error on the sign-in pages', async () => {
    const context = await axeContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await submitPassword(page, 'nobody@acme', 'wrong password');
    await page.getByRole('alert').waitFor();
    for (const label of ['Username', 'Password']) {
      expect(await described(page, page.getByLabel(label)), label).toEqual({ invalid: 'true', description: 'Invalid username or password.' });
    }
    await context.close();
  });
});

describe('contact cards', () => {
  it('are links to the contact, which open in a new tab with ctrl+click', async () => {
    const domain = firstDomain('registration with a tech contact', (d) => d.contacts.some((c) => c.role === 'TECH'));
    const tech = domain.contacts.find((c) => c.role === 'TECH')!;
    await open(support, `/registrations/registration/${encodeURIComponent(domain.uLabel)}/view`, domain.uLabel);
    const card = support.locator(`[data-section="contacts"] [data-contact="${tech.handle}"]`).first();
    expect(await card.evaluate((element) => element.tagName)).toBe('A');
    expect(await card.getAttribute('href')).toBe(`/contact/view/${encodeURIComponent(tech.handle)}`);
    expect(await support.getByRole('link', { name: new RegExp(`^tech contact ${tech.handle}$`, 'i') }).count()).toBeGreaterThan(0);

    const [tab] = await Promise.all([supportContext.waitForEvent('page'), card.click({ modifiers: ['Control'] })]);
    await tab.waitForURL((url) => url.pathname === `/contact/view/${encodeURIComponent(tech.handle)}`);
    await tab.close();
    // The registration stays where it was; a plain click opens the contact here.
    expect(new URL(support.url()).pathname).toBe(`/registrations/registration/${encodeURIComponent(domain.uLabel)}/view`);
    await card.click();
    await support.waitForURL((url) => url.pathname === `/contact/view/${encodeURIComponent(tech.handle)}`);
  });
});
