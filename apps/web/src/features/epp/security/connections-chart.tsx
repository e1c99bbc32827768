import type { EppConnectionsResponse } from '@registrar-panel/contract';
import { BarChart } from '../../../components/bar-chart';

/*
 * The connections per day as bars, successes beside refusals (components/bar-chart.tsx). A chunk
 * of its own, with uPlot, loaded by the connections section only.
 */

/** Day numbers under the bars: every third on a wide chart, every sixth on a narrow one, and today. */
export function ConnectionsChart({ days }: { days: EppConnectionsResponse['days'] }) {
  const last = days.length - 1;
  return (
    <BarChart
      testId="epp-connections-chart"
      series={[
        { values: days.map((d) => d.successes), color: '--bs-success', fallback: '#198754' },
        { values: days.map((d) => d.refused), color: '--bs-danger', fallback: '#dc3545' },
      ]}
      labelAt={(index, isNarrow) => ((last - index) % (isNarrow ? 6 : 3) === 0 ? String(Number(days[index]?.day.slice(8) ?? '')) : '')}
    />
  );
}
