import { useEffect } from 'react';

const focusable = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** The open modal on top (a dialog, the phone menu), if any. */
function topModal(): HTMLElement | undefined {
  const open = document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]');
  return open[open.length - 1];
}

/** What Tab can reach inside `container`: enabled and shown. */
function tabStops(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusable)].filter(
    (element) => !element.matches(':disabled') && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden',
  );
}

/**
 * Tab and Shift+Tab go round inside an open modal: from its last control to its first and back.
 * react-bootstrap pulls a focus that left a modal back to the dialog, but only after it has left (to
 * the browser's address bar, or to the page behind when the focus was on the dialog itself); here it
 * never leaves (WCAG 2.4.3). One listener for every modal of the app.
 */
export function useModalFocusTrap(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const modal = topModal();
      if (!modal) return;
      const stops = tabStops(modal);
      const first = stops[0];
      const last = stops[stops.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const inside = active instanceof HTMLElement && active !== modal && modal.contains(active);
      if (!inside) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
