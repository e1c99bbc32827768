import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { demoPassword, demoTotpSecret } from '../../apps/server/src/identity/demo/demo-accounts';
import { baseUrl } from './browser';

/*
 * Signing in as a user does: the identity service's page, Username and Password, then the
 * One-time code computed from the demo account's fixed secret.
 *
 * A code is accepted once (per 30-second step), so the steps already used are remembered across
 * the run's test files; the server accepts the current step and the next one, so two sign-ins of
 * the same user fit in one step and a third waits for the next.
 */

const period = 30;

function stepsFile(): string {
  return join(tmpdir(), `rp-e2e-otp-steps-${new URL(baseUrl()).port}.json`);
}

function usedSteps(): Record<string, number> {
  const file = stepsFile();
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
}

/** The next unused code of a user's secret, waiting for the next step when needed. */
export async function nextOneTimeCode(username: string, secret = demoTotpSecret(username)): Promise<string> {
  const used = usedSteps();
  const last = used[username] ?? -1;
  let now = Math.floor(Date.now() / 1000);
  let step = Math.max(Math.floor(now / period), last + 1);
  if (step > Math.floor(now / period) + 1) {
    // Both allowed steps are used: wait until the next one is current.
    await new Promise((resolve) => setTimeout(resolve, ((step - 1) * period - now) * 1000 + 200));
    now = Math.floor(Date.now() / 1000);
    step = Math.max(Math.floor(now / period), last + 1);
  }
  writeFileSync(stepsFile(), JSON.stringify({ ...usedSteps(), [username]: step }));
  return generate({ secret, period, epoch: step * period });
}

/** The embedded identity service's texts in a language, as its pages show them. */
const identityTexts = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../apps/server/src/identity/texts/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** On the identity service's page (in `language`): Username and Password, then Sign in. */
export async function submitPassword(page: Page, username: string, password = demoPassword, language = 'en'): Promise<void> {
  const t = identityTexts(language);
  await page.getByLabel(t['identity.signIn.username']!).fill(username);
  await page.getByLabel(t['identity.signIn.password']!).fill(password);
  await page.getByRole('button', { name: t['identity.signIn.submit'] }).click();
}

/** On the second step (in `language`): the One-time code, then Sign in. */
export async function submitCode(page: Page, code: string, language = 'en'): Promise<void> {
  const t = identityTexts(language);
  await page.getByLabel(t['identity.code.label']!).fill(code);
  await page.getByRole('button', { name: t['identity.signIn.submit'] }).click();
}

/** Waits until the browser is back in the portal, past the sign-in callback. */
export async function waitForPortal(page: Page): Promise<void> {
  await page.waitForURL((url) => url.origin === new URL(baseUrl()).origin && !url.pathname.startsWith('/auth/') && !url.searchParams.has('code'));
  await page.locator('#root > *').first().waitFor();
}

/**
 * Opens the portal at `path` (default: the home page), signs in through the real sign-in pages
 * with the password and a one-time code, and waits until the portal shows. A `?lang=` in the path
 * turns the sign-in pages into that language too (the portal sends it as `ui_locales`).
 */
export async function signIn(page: Page, username: string, password = demoPassword, path = '/'): Promise<void> {
  const asked = new URL(path, 'http://portal.test').searchParams.get('lang');
  const language = asked && ['nl', 'fr', 'de'].includes(asked) ? asked : 'en';
  await page.goto(path);
  await page.getByLabel(identityTexts(language)['identity.signIn.username']!).waitFor();
  await submitPassword(page, username, password, language);
  await submitCode(page, await nextOneTimeCode(username), language);
  await waitForPortal(page);
}
