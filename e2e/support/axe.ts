import axe from 'axe-core';
import type { Result } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl } from './browser';

/*
 * axe-core in the end-to-end suite: WCAG 2.1 A and AA plus axe's best practices, on the page as it is
 * now. The portal's Content-Security-Policy forbids injected scripts, so pages checked with axe live
 * in a context that bypasses it (`axeContext`); nothing else in that context differs from `newPage`'s.
 */

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * A context for axe: the CSP bypassed (axe is injected as a script), reduced motion so that no fade
 * is caught half-way (Bootstrap drops its transitions then), laptop size, Brussels time.
 */
export async function axeContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1366, height: 850 },
    baseURL: baseUrl(),
    timezoneId: 'Europe/Brussels',
    locale: 'en-GB',
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
}

/** The violations axe finds on the page as it is now. */
export async function axeViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(async (values) => {
    const results = await window.axe!.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return results.violations;
  }, tags);
}

/** One line per violation and per element: rule, impact, the element's selector and what is wrong with it. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
        return `  ${violation.id} (${violation.impact ?? 'no impact'}) at ${node.target.join(' ')}: ${summary}`;
      }),
    )
    .join('\n');
}

/** Fails, listing every violation, when axe finds anything on the page; `label` names the page and its state. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(`axe found ${violations.length} violated rule(s) on ${label} (${page.url()}):\n${describeViolations(violations)}`);
}
