import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Bootstrap's `.table-responsive` wrapper, reachable by keyboard while it scrolls sideways: it then
 * takes a Tab stop (the arrow keys scroll it) and is a region named `label`, so a screen reader says
 * what scrolls (WCAG 2.1.1; axe `scrollable-region-focusable`). A table that fits adds no Tab stop
 * and no landmark.
 */
export function ScrollRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // No measure here: reading the sizes in the effect would lay out a fresh table of 100 rows at
    // once, inside the task that rendered it. The observer reports the first sizes after the
    // browser's own layout, and every change after that.
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={`table-responsive${className ? ` ${className}` : ''}`}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </div>
  );
}
