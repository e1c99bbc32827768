import type { EppConnectionsResponse } from '@registrar-panel/contract';
import { lazy } from 'react';
import { Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { ChartBox } from '../../../components/chart-box';
import { useFormats } from '../../../lib/formats';

// uPlot loads only here, once the numbers are in, as the forecast's chart does.
const ConnectionsChart = lazy(() => import('./connections-chart').then((module) => ({ default: module.ConnectionsChart })));

/** Connections per Brussels day for 30 days: the chart, and beside it (below on a phone) the same numbers in a table, newest first. */
export function ConnectionDays({ days }: { days: EppConnectionsResponse['days'] }) {
  const { t } = useTranslation();
  const { count, registrationDay } = useFormats();
  const total = (pick: (d: EppConnectionsResponse['days'][number]) => number) => days.reduce((sum, d) => sum + pick(d), 0);
  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <ChartBox label={t('epp.security.connections.chart')}>
          <ConnectionsChart days={days} />
        </ChartBox>
        <p className="small text-body-secondary mb-0 d-flex flex-wrap gap-3">
          <span>
            <span className="legend-swatch bg-success" aria-hidden="true" /> {t('epp.security.connections.column.successes')}
          </span>
          <span>
            <span className="legend-swatch bg-danger" aria-hidden="true" /> {t('epp.security.connections.column.refused')}
          </span>
        </p>
      </div>
      <div className="col-lg-4">
        {/* It scrolls on its own beside the chart: a named region the keyboard reaches (axe scrollable-region-focusable). */}
        <div className="connection-days-table" role="region" aria-label={t('epp.security.connections.daysTable')} tabIndex={0}>
          <Table size="sm" className="mb-0" data-testid="epp-connection-days">
            <caption className="visually-hidden">{t('epp.security.connections.daysTable')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('epp.security.connections.column.day')}</th>
                <th scope="col" className="text-end">
                  {t('epp.security.connections.column.successes')}
                </th>
                <th scope="col" className="text-end">
                  {t('epp.security.connections.column.refused')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day} data-day={d.day}>
                  <th scope="row" className="fw-normal text-nowrap">
                    {registrationDay(`${d.day}T12:00:00Z`)}
                  </th>
                  <td className="text-end">{count(d.successes)}</td>
                  <td className="text-end">{count(d.refused)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('epp.security.connections.total')}</th>
                <td className="text-end fw-semibold">{count(total((d) => d.successes))}</td>
                <td className="text-end fw-semibold">{count(total((d) => d.refused))}</td>
              </tr>
            </tfoot>
          </Table>
        </div>
      </div>
    </div>
  );
}
