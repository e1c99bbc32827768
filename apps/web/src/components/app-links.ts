import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * One click handler for all the links of a long list, set on the element around them: a plain click
 * on an `<a href>` inside goes through the router, as React Router's `Link` would; a click with a
 * modifier key or another button, or on a link with a target, stays the browser's (a new tab or
 * window). The links are plain anchors, so a page of 100 results draws no router hooks per link:
 * 200 `Link`s were 43 ms of a phone's main thread (docs/decisions.md, "Lighter result rows").
 * Enter on a focused link is a click too, so the keyboard takes the same way.
 */
export function useAppLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
      if (link.target && link.target !== '_self') return;
      if (link.origin !== window.location.origin || link.hasAttribute('download')) return;
      event.preventDefault();
      void navigate(link.pathname + link.search + link.hash);
    },
    [navigate],
  );
}
