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
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
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
