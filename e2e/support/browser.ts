import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumFlags } from './chromium-flags';

/** Debian's Chromium, headless, with nothing that reaches for the network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', ...chromiumFlags],
  });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/** A new page in a fresh context (no cookies, no local storage) sized like a laptop screen. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, baseURL: baseUrl(), timezoneId: 'Europe/Brussels', locale: 'en-GB' });
  return context.newPage();
}
