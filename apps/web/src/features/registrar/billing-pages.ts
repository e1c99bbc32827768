import { limits } from '@registrar-panel/contract';
import { paths } from '../../lib/paths';

/** One page of a month's billing lines: the month comes in one answer, and the browser shows it a page at a time. */
export interface BillingPage<T> {
  /** One-based, within 1…pageCount. */
  page: number;
  pageCount: number;
  lines: T[];
  /** One-based positions of the first and last line shown. */
  from: number;
  to: number;
}

/** The page the address asks for (`?page=N`, one-based); a missing or odd value is page 1. */
export function billingPageOf(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
}

/** The billing tab on page N, for the pager's links (page 1 has no parameter). */
export function billingPageHref(page: number): string {
  return page > 1 ? `${paths.registrarBilling}?page=${page}` : paths.registrarBilling;
}

/** The lines of page `page`; a page past the last shows the last one, so a stale link never shows an empty table. */
export function billingPage<T>(lines: readonly T[], page: number, size: number = limits.billingPageSize): BillingPage<T> {
  const pageCount = Math.max(1, Math.ceil(lines.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * size;
  const shown = lines.slice(start, start + size);
  return { page: current, pageCount, lines: shown, from: start + 1, to: start + shown.length };
}
