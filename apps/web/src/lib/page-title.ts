import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { createStore, useStore } from './store';

/*
 * Each page names itself in the document title and, after an in-app navigation, takes the focus on
 * its main heading, so that a screen reader announces the new page and the keyboard starts from its
 * top (WCAG 2.4.2, 2.4.3). The first load leaves the focus where the browser puts it.
 */

/** The product's name, '.be registrar panel' once the server's properties are in; the header sets it. */
export const productName = createStore('');

/** Set by the shell on a navigation to another page; the page that shows next takes it. */
let focusPending = false;

/** Separator between the page's name, its section and the product. */
const separator = ' · ';

/** '{page} · {section} · {product}': the parts given, most specific first, then the product's name. */
export function documentTitle(parts: readonly (string | undefined)[], product: string): string {
  return [...parts, product].filter((part) => part !== undefined && part !== '').join(separator);
}

/**
 * The shell's half: notes every navigation to another page, by link or by the browser's back and
 * forward buttons, and also to the same address again (a page that reloads). A redirect finishing a
 * navigation (REPLACE) notes nothing, so the first load and its redirects keep the focus where it is;
 * a new query string on the same page (a search, a page of results) leaves the focus on what the user
 * pressed. Runs before the pages' effects of the same render, which take the focus.
 */
export function useFocusAfterNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(location);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (before.key === location.key || navigationType === NavigationType.Replace) return;
    if (before.pathname === location.pathname && before.search !== location.search) return;
    focusPending = true;
  }, [location, navigationType]);
}

/** The main content's first-level heading takes the focus; without one, the main content does. */
function focusMainHeading(): void {
  const main = document.getElementById('main-content');
  if (!main) return;
  // A tab of the page keeps the focus: the user goes on choosing tabs, the heading above them is the same.
  if (document.activeElement?.closest('.nav-tabs') && main.contains(document.activeElement)) return;
  const heading = main.querySelector('h1');
  const target = heading instanceof HTMLElement ? heading : main;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

/**
 * Used by every page: sets the document title to '{page} · {section} · {product}' (the parts given,
 * most specific first) and, after a navigation, moves the focus to the page's main heading. One page
 * per screen calls it, the innermost route's.
 */
export function usePageTitle(...parts: (string | undefined)[]): void {
  const product = useStore(productName);
  const title = documentTitle(parts, product);
  const { key } = useLocation();
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (!focusPending) return;
    focusPending = false;
    focusMainHeading();
  }, [key]);
}

/** `usePageTitle` as an element, for a page that shows one of several parts (e.g. a not-allowed notice). */
export function PageTitle({ parts }: { parts: (string | undefined)[] }): null {
  usePageTitle(...parts);
  return null;
}
