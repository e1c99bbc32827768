import { Pagination } from 'react-bootstrap';
import { Link } from 'react-router';
import { limits } from '@registrar-panel/contract';

interface PagerProps {
  /** One-based current page. */
  page: number;
  pageCount: number;
  /** The link to a one-based page, so pages can be opened in a new tab or shared. */
  hrefFor: (page: number) => string;
  /** At most this many numbered links (spec section 9: 20). */
  maxLinks?: number;
  /** Translated texts: the navigation's name and the boundary links. */
  labels: { navigation: string; first: string; last: string };
}

/** The window of page numbers around the current page, at most `maxLinks` wide. */
export function pageWindow(page: number, pageCount: number, maxLinks: number): number[] {
  const size = Math.min(maxLinks, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Page links with First and Last at the edges (boundary links) and a window of numbered links. */
export function Pager({ page, pageCount, hrefFor, maxLinks = limits.paginationMaxLinks, labels }: PagerProps) {
  if (pageCount <= 1) return null;
  const item = (target: number, text: string, key: string, disabled = false) => (
    <Pagination.Item key={key} as={Link} to={hrefFor(target)} disabled={disabled} active={key === `page-${page}`}>
      {text}
    </Pagination.Item>
  );
  return (
    <nav aria-label={labels.navigation}>
      <Pagination className="flex-wrap mb-0">
        {item(1, labels.first, 'first', page === 1)}
        {pageWindow(page, pageCount, maxLinks).map((n) => item(n, String(n), `page-${n}`))}
        {item(pageCount, labels.last, 'last', page === pageCount)}
      </Pagination>
    </nav>
  );
}
