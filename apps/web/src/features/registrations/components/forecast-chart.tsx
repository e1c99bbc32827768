import type { PortfolioOverview } from '@registrar-panel/contract';
import { BarChart } from '../../../components/bar-chart';
import { useFormats } from '../../../lib/formats';
import { shortMonthName } from '../forecast';

/*
 * The renewal forecast as a bar chart (components/bar-chart.tsx). This module, and uPlot with it,
 * is a chunk of its own that only the overview page loads (forecast-section.tsx).
 */

/** The bars of the forecast; on a narrow chart every other month is named, without the year, so the names do not overlap. */
export function ForecastChart({ forecast }: { forecast: PortfolioOverview['forecast'] }) {
  const { language } = useFormats();
  return (
    <BarChart
      testId="forecast-chart"
      series={[{ values: forecast.map((entry) => entry.expiring), color: '--bs-primary', fallback: '#0d6efd' }]}
      labelAt={(index, isNarrow) => (isNarrow && index % 2 === 1 ? '' : shortMonthName(forecast[index]?.month ?? '', !isNarrow, language))}
    />
  );
}
