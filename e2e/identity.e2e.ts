import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { firstLink, lastMailFile, waitForMail } from './support/mailbox';
import { nextOneTimeCode, signIn, submitCode, submitPassword, waitForPortal } from './support/sign-in';

/*
 * Signing in and out as registrar staff do, in Chromium, against the portal started as `npm start`
 * starts it, with mail going to a real SMTP listener.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The signed-in user's stored OpenID session in this tab (oidc-client-ts keeps it in sessionStorage). */
async function storedSession(page: Page): Promise<{ key: string; value: { access_token: string; refresh_token: string; expires_at: number } }> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:')) ?? '';
    return { key, value: JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token: string; refresh_token: string; expires_at: number } };
  });
}

async function setStoredSession(page: Page, key: string, value: object): Promise<void> {
  await page.evaluate(([name, json]) => sessionStorage.setItem(name ?? '', json ?? ''), [key, JSON.stringify(value)]);
}

const footerUsername = (page: Page) => page.getByTestId('footer-username');
const errorText = (page: Page) => page.getByRole('alert');

describe('sign-in', () => {
  it('asks for username and password, then the one-time code, and lands on the portal with the user in the footer', async () => {
    const page = await newPage(browser);
    await page.goto('/registrar/publicProfile');
    await page.getByLabel('Username').waitFor();
    await page.screenshot({ path: '/tmp/rp-identity-sign-in.png' });
    await submitPassword(page, 'support@acme');
    await page.getByLabel('One-time code').waitFor();
    await page.screenshot({ path: '/tmp/rp-identity-code.png' });
    await submitCode(page, await nextOneTimeCode('support@acme'));
    await waitForPortal(page);
    // Back on the page the user asked for.
    expect(new URL(page.url()).pathname).toBe('/registrar/publicProfile');
    await expect.poll(() => footerUsername(page).textContent()).toBe('(support@acme)');
    expect(await page.getByTestId('footer-name').textContent()).toBe('Sam Support');
    await page.context().close();
  });

  it('refuses a wrong password without saying whether the username exists', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await submitPassword(page, 'support@acme', 'wrong password');
    expect(await errorText(page).textContent()).toBe('Invalid username or password.');
    await submitPassword(page, 'nobody@acme', 'wrong password');
    expect(await errorText(page).textContent()).toBe('Invalid username or password.');
    await page.screenshot({ path: '/tmp/rp-identity-refused.png' });
    await page.context().close();
  });

  it('works when the portal is opened at 127.0.0.1 instead of localhost, and marks the demo', async () => {
    const page = await newPage(browser);
    const typed = new URL(baseUrl());
    typed.hostname = '127.0.0.1';
    await page.goto(new URL('/registrar/generalData', typed).toString());
    await page.getByLabel('Username').waitFor();
    // Sent on to PUBLIC_URL's name, the only one the identity service knows.
    expect(new URL(page.url()).host).toBe(new URL(baseUrl()).host);
    expect(await page.locator('header .badge', { hasText: 'Demo' }).isVisible()).toBe(true);
    await submitPassword(page, 'finance@acme');
    await submitCode(page, await nextOneTimeCode('finance@acme'));
    await waitForPortal(page);
    expect(new URL(page.url()).pathname).toBe('/registrar/generalData');
    await page.context().close();
  });
});

describe('a new user', () => {
  const username = 'e2e-nora@acme';
  let secret = '';
  let password = 'Nora-first-password-1';

  it('gets the activation mail, chooses a password through its link and enrols TOTP at the first sign-in', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'admin@acme');
    const { value } = await storedSession(admin);
    const before = lastMailFile();
    const created = await admin.request.post('/services/users', {
      headers: { authorization: `Bearer ${value.access_token}` },
      data: { username: 'e2e-nora', name: 'Nora Newcomer', email: 'nora@e2e.example', roles: ['SUPPORT'] },
    });
    expect(created.status()).toBe(201);
    await admin.context().close();

    const mail = await waitForMail('nora@e2e.example', 'Activate your .be registrar panel account', before);
    expect(mail.text).toContain(`Your username is ${username}.`);
    const page = await newPage(browser);
    await page.goto(firstLink(mail));
    await page.getByRole('heading', { name: 'Activate your account' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.screenshot({ path: '/tmp/rp-identity-activate.png' });
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Your account is active' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();

    await submitPassword(page, username, password);
    await page.getByRole('heading', { name: 'Set up 2-step verification' }).waitFor();
    expect(await page.getByRole('img', { name: /QR code/ }).isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/rp-identity-enrol.png', fullPage: true });
    secret = ((await page.locator('#totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await submitCode(page, await nextOneTimeCode(username, secret));
    await waitForPortal(page);
    await expect.poll(() => footerUsername(page).textContent()).toBe(`(${username})`);

    // The link was for one use only.
    await page.goto(firstLink(mail));
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await page.context().close();
  });

  it('resets the password from the footer: the mail’s link sets a new one and a notification follows', async () => {
    let page = await newPage(browser);
    await page.goto('/');
    await submitPassword(page, username, password);
    await submitCode(page, await nextOneTimeCode(username, secret));
    await waitForPortal(page);
    const before = lastMailFile();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('An email has been sent to your email address to reset your password.').waitFor();
    const mail = await waitForMail('nora@e2e.example', 'Reset your .be registrar panel password', before);
    await page.context().close();

    // The link opens from the mail program: a new browser window without the portal's session.
    page = await newPage(browser);
    await page.goto(firstLink(mail));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    password = 'Nora-second-password-2';
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor();
    await waitForMail('nora@e2e.example', 'Your .be registrar panel password was changed', before);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await submitPassword(page, username, password);
    await submitCode(page, await nextOneTimeCode(username, secret));
    await waitForPortal(page);
    await expect.poll(() => footerUsername(page).textContent()).toBe(`(${username})`);
    await page.context().close();
  });

  it('is locked out for a minute after 5 failed attempts, even with the right password', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    for (let i = 1; i <= 4; i++) {
      await submitPassword(page, username, `wrong-${i}`);
      expect(await errorText(page).textContent()).toBe('Invalid username or password.');
    }
    await submitPassword(page, username, 'wrong-5');
    expect(await errorText(page).textContent()).toBe('Too many failed attempts. Please wait 1 minute and try again.');
    await submitPassword(page, username, password);
    expect(await errorText(page).textContent()).toBe('Too many failed attempts. Please wait 1 minute and try again.');
    await page.screenshot({ path: '/tmp/rp-identity-locked.png' });
    await page.context().close();
  });
});

describe('the session', () => {
  it('refreshes a token with less than 20 seconds left before the call', async () => {
    const page = await newPage(browser);
    await signIn(page, 'tech@globex');
    const { key, value } = await storedSession(page);
    // Off the app (a plain file of the same origin, same tab storage), so that no running app refreshes first.
    await page.goto('/favicon.svg');
    await setStoredSession(page, key, { ...value, expires_at: Math.floor(Date.now() / 1000) + 10 });
    const tokenCalls: string[] = [];
    const apiTokens: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/protocol/openid-connect/token')) tokenCalls.push(request.postData() ?? '');
      if (request.url().includes('/services/')) apiTokens.push(request.headers().authorization ?? '');
    });
    await page.goto('/registrar/generalData');
    await page.getByRole('heading', { name: 'Registrar overview' }).waitFor();
    await expect.poll(() => apiTokens.length).toBeGreaterThan(0);
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]).toContain('grant_type=refresh_token');
    const renewed = await storedSession(page);
    expect(renewed.value.access_token).not.toBe(value.access_token);
    expect(apiTokens.every((header) => header === `Bearer ${renewed.value.access_token}`)).toBe(true);
    await page.context().close();
  });

  it('after the session ended, signs in again and comes back to the same form with what was typed', async () => {
    const page = await newPage(browser);
    await signIn(page, 'tech@globex');
    await page.goto('/registrar/publicProfile/editTechContact');
    const name = page.getByLabel('Name', { exact: false }).first();
    await name.waitFor();
    await name.fill('Typed Before Expiry');
    // The session ends on the server's side: its refresh token is revoked and the access token runs out.
    const { key, value } = await storedSession(page);
    const revoked = await page.request.post(`${baseUrl()}/auth/realms/registrar-panel/protocol/openid-connect/revoke`, {
      form: { token: value.refresh_token, token_type_hint: 'refresh_token', client_id: 'registrar-panel-web' },
    });
    expect(revoked.status()).toBe(200);
    await setStoredSession(page, key, { ...value, expires_at: Math.floor(Date.now() / 1000) - 5 });
    // ...and the identity service's session is over too (as after 30 idle minutes): its cookie is gone.
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Update' }).click();

    await page.getByLabel('Username').waitFor();
    await submitPassword(page, 'tech@globex');
    await submitCode(page, await nextOneTimeCode('tech@globex'));
    await waitForPortal(page);
    expect(new URL(page.url()).pathname).toBe('/registrar/publicProfile/editTechContact');
    await expect.poll(() => page.getByLabel('Name', { exact: false }).first().inputValue()).toBe('Typed Before Expiry');
    await page.context().close();
  });

  it('logs out: the refresh token is revoked, the identity session ends and the sign-in page shows', async () => {
    const page = await newPage(browser);
    await signIn(page, 'finance@globex');
    const revocations: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/protocol/openid-connect/revoke')) revocations.push(request.postData() ?? '');
    });
    const { value } = await storedSession(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Username').waitFor();
    expect(revocations.some((body) => body.includes(`token=${value.refresh_token}`))).toBe(true);
    const refresh = await page.request.post(`${baseUrl()}/auth/realms/registrar-panel/protocol/openid-connect/token`, {
      form: { grant_type: 'refresh_token', refresh_token: value.refresh_token, client_id: 'registrar-panel-web' },
    });
    expect(refresh.status()).toBe(400);
    // Opening the portal again asks for the password: the identity session is gone.
    await page.goto('/');
    await page.getByLabel('Username').waitFor();
    await page.context().close();
  });
});
