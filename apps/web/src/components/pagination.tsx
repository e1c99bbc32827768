import { Pagination } from 'react-bootstrap';
import { Link } from 'react-router';
import { limits } from '@registrar-panel/contract';
import './pagination.css';

interface PagerProps {
  /** One-based current page. */
  page: number;
  pageCount: number;
  /** The link to a one-based page, so pages can be opened in a new tab or shared. */
  hrefFor: (page: number) => string;
  /** At most this many numbered links (spec section 9: 20). */
  maxLinks?: number;
  /** Translated texts: the navigation's name, the boundary links and the step links. */
  labels: { navigation: string; first: string; last: string; previous: string; next: string };
}

/**
 * How far from the current page the numbered links reach where the pager has less room: on a phone
 * (below `md`) and up to a wide screen (below `xxl`); from `xxl` up the whole window shows.
 */
const phoneReach = 1;
const mediumReach = 5;

function reachClass(distance: number): string | undefined {
  if (distance > mediumReach) return 'pager-far pager-mid';
  return distance > phoneReach ? 'pager-far' : undefined;
}

/** The window of page numbers around the current page, at most `maxLinks` wide. */
export function pageWindow(page: number, pageCount: number, maxLinks: number): number[] {
  const size = Math.min(maxLinks, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * Page links: First and Previous, a window of numbered links, Next and Last. Where there is less
 * room the numbers far from the current page are hidden (`reachClass`); the steps and the boundary
 * links always stay, so every page can still be reached. On a phone those four show as arrows, their
 * words kept for screen readers: in German or French the words took a second line there.
 */
export function Pager({ page, pageCount, hrefFor, maxLinks = limits.paginationMaxLinks, labels }: PagerProps) {
  if (pageCount <= 1) return null;
  const item = (target: number, text: string, key: string, options: { disabled?: boolean; className?: string; symbol?: string } = {}) => (
    <Pagination.Item
      key={key}
      as={Link}
      to={hrefFor(target)}
      disabled={options.disabled}
      active={key === `page-${page}`}
      className={options.className}
      data-page={key}
    >
      {options.symbol ? (
        <>
          <span className="pager-symbol" aria-hidden="true">
            {options.symbol}
          </span>
          <span className="pager-word">{text}</span>
        </>
      ) : (
        text
      )}
    </Pagination.Item>
  );
  return (
    <nav aria-label={labels.navigation}>
      <Pagination size="sm" className="flex-wrap mb-0 pager">
        {item(1, labels.first, 'first', { disabled: page === 1, symbol: '«' })}
        {item(Math.min(pageCount, Math.max(1, page - 1)), labels.previous, 'previous', { disabled: page === 1, symbol: '‹' })}
        {pageWindow(page, pageCount, maxLinks).map((n) => item(n, String(n), `page-${n}`, { className: reachClass(Math.abs(n - page)) }))}
        {item(Math.min(pageCount, page + 1), labels.next, 'next', { disabled: page >= pageCount, symbol: '›' })}
        {item(pageCount, labels.last, 'last', { disabled: page === pageCount, symbol: '»' })}
      </Pagination>
    </nav>
  );
}
