import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signIn } from './support/sign-in';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in', () => {
  it('signs in with password and one-time code and lands on the portal', async () => {
    page = await newPage(browser);
    await signIn(page, 'support@acme');
    expect(new URL(page.url()).pathname).not.toContain('/auth/');
    await page.screenshot({ path: '/tmp/rp-identity-portal.png' });
  });
});
