import type { Page } from 'playwright-core';

/** The portal's alert (top of the page) that says `text`. */
export const alertSaying = (page: Page, text: string) => page.locator('.app-alerts [role="alert"]', { hasText: text });

/** Waits for the alert that says `text` and closes it, so that it covers nothing in a screenshot. */
export async function closeAlert(page: Page, text: string): Promise<void> {
  const alert = alertSaying(page, text);
  await alert.waitFor();
  await alert.getByRole('button', { name: 'Close' }).click();
  await alert.waitFor({ state: 'detached' });
}
