import { lazy } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n';
import { routes } from './router';

/** A page whose chunk never arrives (a slow phone network). */
const Pending = lazy(() => new Promise<never>(() => undefined));

/** The route table's page frame (the Suspense around every page) with that page in it. */
function PageFrame() {
  const frame = routes[0]!.children![0]!;
  const table: RouteObject[] = [{ element: frame.element, children: [{ path: 'slow', element: <Pending /> }] }];
  return useRoutes(table);
}

beforeAll(async () => {
  await initI18n();
});

describe("while a page's chunk loads", () => {
  it('shows the spinner in a status region that says the page is loading, instead of nothing', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/slow']}>
        <PageFrame />
      </MemoryRouter>,
    );
    expect(html).toMatch(/^<div class="app-page-loading" role="status"[^>]*>/);
    expect(html).toContain('<div class="spinner-border text-primary" aria-hidden="true"></div>');
    expect(html).toContain('<h1 class="visually-hidden">Loading the page…</h1>');
  });
});
