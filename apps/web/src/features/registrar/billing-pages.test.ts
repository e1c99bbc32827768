import { limits } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import { billingPage, billingPageHref, billingPageOf } from './billing-pages';

const lines = Array.from({ length: 250 }, (_, i) => i + 1);

describe('billing lines a page at a time', () => {
  it('shows 100 lines a page, the last page the rest', () => {
    expect(limits.billingPageSize).toBe(100);
    const first = billingPage(lines, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 3, from: 1, to: 100 });
    expect(first.lines).toHaveLength(100);
    const last = billingPage(lines, 3);
    expect(last).toMatchObject({ page: 3, pageCount: 3, from: 201, to: 250 });
    expect(last.lines[0]).toBe(201);
  });

  it('keeps a page past the last (a link from a longer month) on the last page, and an empty month on one page', () => {
    expect(billingPage(lines, 9)).toMatchObject({ page: 3, from: 201, to: 250 });
    expect(billingPage([], 1)).toMatchObject({ page: 1, pageCount: 1, lines: [] });
  });

  it('reads and writes the page in the address', () => {
    expect(billingPageOf(new URLSearchParams('page=4'))).toBe(4);
    expect(billingPageOf(new URLSearchParams('page=x'))).toBe(1);
    expect(billingPageOf(new URLSearchParams(''))).toBe(1);
    expect(billingPageHref(1)).toBe('/registrar/billing');
    expect(billingPageHref(2)).toBe('/registrar/billing?page=2');
  });
});
