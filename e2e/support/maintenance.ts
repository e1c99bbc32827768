import type { Page, Route } from 'playwright-core';

/** What the registry answers while in maintenance; the app shows its message as an error alert. */
export const maintenanceMessage = 'The registry is in maintenance until 06:00.';

/**
 * Answers `/services/config` with a 503 envelope carrying the maintenance message; `onCall` counts the
 * calls. With `times`, only that many calls get it and later ones reach the server: the API client's
 * one retry of a 5xx then succeeds, so no second alert can come after the test has moved on.
 */
export async function answerConfigWithMaintenance(page: Page, onCall?: () => void, times = Infinity): Promise<void> {
  let answered = 0;
  await page.route('**/services/config', (route: Route) => {
    onCall?.();
    if (answered >= times) return route.continue();
    answered++;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ data: null, messages: [{ messageKey: 'maintenance', defaultMessage: maintenanceMessage }] }),
    });
  });
}
