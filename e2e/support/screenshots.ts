import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * Screenshots of the pages the suites go through, each at a laptop's width and a phone's, for a
 * person to look at (CI keeps them with the run); and, at the phone's width, the check that the
 * page does not scroll sideways.
 */

/** Where the screenshots go: `RP_SCREENSHOT_DIR`, or /tmp/rp-screenshots. */
export const screenshotDir = process.env.RP_SCREENSHOT_DIR ?? '/tmp/rp-screenshots';

export const laptop = { width: 1366, height: 850 };
export const phone = { width: 390, height: 844 };

/**
 * How far the page, or the widest of its table boxes (`.table-responsive`, which scroll on their
 * own), reaches past its right edge: 0 or less when nothing scrolls sideways.
 */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      document.documentElement.scrollWidth - window.innerWidth,
      ...Array.from(document.querySelectorAll('.table-responsive')).map((box) => box.scrollWidth - box.clientWidth - 1),
    ),
  );
}

/** Two frames, so that a resize has been laid out and painted before the picture. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Saves the page as it is now at 1366 and at 390 px wide (`{name}-1366.png`, `{name}-390.png`, the
 * whole page), fails when it scrolls sideways at 390 px, and gives the page its size back.
 */
export async function capturePage(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const fullPage = options.fullPage ?? true;
  const size = page.viewportSize() ?? laptop;
  mkdirSync(screenshotDir, { recursive: true });
  try {
    for (const viewport of [laptop, phone]) {
      await page.setViewportSize(viewport);
      await settled(page);
      await page.screenshot({ path: join(screenshotDir, `${name}-${viewport.width}.png`), fullPage });
    }
    expect(await sidewaysOverflow(page), `${name} scrolls sideways at ${phone.width} px`).toBeLessThanOrEqual(0);
  } finally {
    await page.setViewportSize(size);
    await settled(page);
  }
}
