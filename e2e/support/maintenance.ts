import type { Page, Route } from 'playwright-core';

/** What the registry answers while in maintenance; the app shows its message as an error alert. */
export const maintenanceMessage = 'The registry is in maintenance until 06:00.';

/** Answers `/services/config` with a 503 envelope carrying the maintenance message; `onCall` counts the calls. */
export async function answerConfigWithMaintenance(page: Page, onCall?: () => void): Promise<void> {
  await page.route('**/services/config', (route: Route) => {
    onCall?.();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ data: null, messages: [{ messageKey: 'maintenance', defaultMessage: maintenanceMessage }] }),
    });
  });
}
