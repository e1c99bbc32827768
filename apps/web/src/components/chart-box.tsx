import './bar-chart.css';
import { Suspense, type ReactNode } from 'react';

/**
 * The box a lazily loaded chart (components/bar-chart.tsx) draws in: a picture with a name for
 * screen readers (the numbers are in a table beside it), keeping its height while the chart's chunk loads.
 */
export function ChartBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={label} className="bar-chart-box">
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}
