import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';
import { useEffect, useRef } from 'react';
import { formatNumber, type Language, type PortfolioOverview } from '@registrar-panel/contract';
import { shortMonthName } from '../forecast';
import { useFormats } from '../../../lib/formats';

/*
 * The renewal forecast as a bar chart, drawn by uPlot (small and fast). This module, and
 * uPlot with it, is a chunk of its own that only the overview page loads (forecast-section.tsx).
 */

const height = 300;
/** Below this width (CSS pixels) the axis names every other month. */
const narrow = 560;

function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function options(forecast: PortfolioOverview['forecast'], width: number, language: Language): uPlot.Options {
  const max = Math.max(1, ...forecast.map((entry) => entry.expiring));
  const text = cssColor('--bs-secondary-color', '#6c757d');
  const grid = cssColor('--bs-border-color-translucent', 'rgba(0,0,0,.1)');
  const bar = cssColor('--bs-primary', '#0d6efd');
  const axisFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: [-0.5, forecast.length - 0.5] },
      y: { range: [0, Math.ceil(max * 1.1)] },
    },
    axes: [
      {
        stroke: text,
        font: axisFont,
        grid: { show: false },
        ticks: { show: false },
        splits: () => forecast.map((_, index) => index),
        // On a narrow chart every other month is named, without the year, so the names do not overlap.
        values: (chart, splits) =>
          splits.map((index) => {
            const isNarrow = chart.width < narrow;
            return isNarrow && index % 2 === 1 ? '' : shortMonthName(forecast[index]?.month ?? '', !isNarrow, language);
          }),
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
    series: [{}, { stroke: bar, fill: bar, width: 0, paths: uPlot.paths.bars?.({ size: [0.6, 56], radius: 0.1 }), points: { show: false } }],
  };
}

/** The bars of the forecast, as wide as the box around them; redrawn when that box changes width. */
export function ForecastChart({ forecast }: { forecast: PortfolioOverview['forecast'] }) {
  const box = useRef<HTMLDivElement>(null);
  const { language } = useFormats();
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const data: uPlot.AlignedData = [forecast.map((_, index) => index), forecast.map((entry) => entry.expiring)];
    let width = Math.floor(element.clientWidth);
    const chart = new uPlot(options(forecast, width, language), data, element);
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
  }, [forecast, language]);
  return <div ref={box} className="forecast-chart" data-testid="forecast-chart" />;
}
