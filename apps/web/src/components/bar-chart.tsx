import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';
import { useEffect, useRef } from 'react';
import { formatNumber } from '@registrar-panel/contract';
import { useFormats } from '../lib/formats';

/*
 * Bars per category, drawn by uPlot (small and fast): the forecast's expiries per month, the EPP
 * connections per day. One or two series (two stand side by side in each category). Load it lazily
 * (`lazy(() => import(...))`) so uPlot stays out of the first bundle; the caller wraps it in a
 * `role="img"` box with a name, and shows the same numbers in a table, which screen readers read.
 */

const height = 300;
/** Below this width (CSS pixels) the caller's labels are asked for in their narrow form. */
const narrow = 560;

export interface BarSeries {
  values: number[];
  /** A CSS custom property for its colour (`--bs-primary`), and the colour when it is not set. */
  color: string;
  fallback: string;
}

export interface BarChartProps {
  series: BarSeries[];
  /** The name under a category; '' for none. `isNarrow`: the chart is narrow, so names must be short or skip some. */
  labelAt: (index: number, isNarrow: boolean) => string;
  testId?: string;
}

function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function options(series: BarSeries[], labelAt: BarChartProps['labelAt'], width: number, language: Parameters<typeof formatNumber>[1]): uPlot.Options {
  const count = series[0]?.values.length ?? 0;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const text = cssColor('--bs-secondary-color', '#6c757d');
  const grid = cssColor('--bs-border-color-translucent', 'rgba(0,0,0,.1)');
  const axisFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  const paired = series.length > 1;
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: [-0.5, count - 0.5] },
      y: { range: [0, Math.ceil(max * 1.1)] },
    },
    axes: [
      {
        stroke: text,
        font: axisFont,
        grid: { show: false },
        ticks: { show: false },
        splits: () => Array.from({ length: count }, (_, index) => index),
        values: (chart, splits) => splits.map((index) => labelAt(index, chart.width < narrow)),
      },
      {
        stroke: text,
        font: axisFont,
        grid: { stroke: grid, width: 1 },
        ticks: { show: false },
        size: 56,
        values: (_chart, splits) => splits.map((value) => (Number.isInteger(value) ? formatNumber(value, language) : '')),
      },
    ],
    series: [
      {},
      ...series.map((s, index) => {
        const color = cssColor(s.color, s.fallback);
        // Two series stand side by side: the first left of the category's middle, the second right of it.
        const bars = paired
          ? uPlot.paths.bars?.({ size: [0.4, 28], align: index === 0 ? -1 : 1, radius: 0.1 })
          : uPlot.paths.bars?.({ size: [0.6, 56], radius: 0.1 });
        return { stroke: color, fill: color, width: 0, paths: bars, points: { show: false } };
      }),
    ],
  };
}

/** The bars, as wide as the box around them; redrawn when that box changes width. */
export function BarChart({ series, labelAt, testId }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { language } = useFormats();
  // The labels are read when the chart draws; a new function with the same data does not redraw it.
  const labels = useRef(labelAt);
  useEffect(() => {
    labels.current = labelAt;
  });
  const key = JSON.stringify(series);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const drawn = JSON.parse(key) as BarSeries[];
    const data: uPlot.AlignedData = [drawn[0]?.values.map((_, index) => index) ?? [], ...drawn.map((s) => s.values)];
    let width = Math.floor(element.clientWidth);
    const chart = new uPlot(
      options(drawn, (index, isNarrow) => labels.current(index, isNarrow), width, language),
      data,
      element,
    );
    const resized = new ResizeObserver(() => {
      const next = Math.floor(element.clientWidth);
      if (next === width || next === 0) return;
      width = next;
      chart.setSize({ width, height });
    });
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [key, language]);
  return <div ref={box} className="bar-chart" data-testid={testId} />;
}
