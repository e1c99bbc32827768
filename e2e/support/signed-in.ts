import type { Browser, Page } from 'playwright-core';
import { axeContext } from './axe';
import { launchBrowser, newPage } from './browser';
import { signIn } from './sign-in';

export interface SignedIn {
  browser: Browser;
  page: Page;
}

/**
 * What most e2e files start with: a browser of their own and one page signed in as `username`
 * through the real sign-in pages, at `path`. The cookie banner is closed (shell.e2e.ts tests it), so
 * that it covers nothing in the screenshots, unless `keepCookieBanner`. `axe`: a context axe can
 * run in (support/axe.ts). The file closes `browser` in its `afterAll`.
 */
export async function openSignedIn(
  username: string,
  options: { path?: string; axe?: boolean; keepCookieBanner?: boolean; permissions?: string[] } = {},
): Promise<SignedIn> {
  const browser = await launchBrowser();
  const page = options.axe ? await (await axeContext(browser)).newPage() : await newPage(browser);
  if (options.permissions) await page.context().grantPermissions(options.permissions);
  await signIn(page, username, undefined, options.path);
  if (!options.keepCookieBanner) await closeCookieBanner(page);
  return { browser, page };
}

export async function closeCookieBanner(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Close' }).click();
}
