import type { PortfolioOverview } from '@registrar-panel/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { forecastMonthHref, monthName } from '../forecast';
import { CountLink } from './overview-counts';
import { useFormats } from '../../../lib/formats';

/**
 * The forecast's numbers as a table, for everyone (also without the chart): the months by their
 * names in the page's language, each count a link to the search for that month's expiries, and the total.
 */
export function ForecastTable({ forecast, today }: { forecast: PortfolioOverview['forecast']; today: string }) {
  const { t } = useTranslation();
  const { count, language } = useFormats();
  const total = forecast.reduce((sum, entry) => sum + entry.expiring, 0);
  return (
    <Table size="sm" className="forecast-table mb-0 align-middle" data-testid="forecast-table">
      <caption className="visually-hidden">{t('registrations.overview.forecastTable')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('registrations.overview.month')}</th>
          <th scope="col" className="text-end">
            {t('registrations.overview.expiring')}
          </th>
        </tr>
      </thead>
      <tbody>
        {forecast.map((entry) => {
          const name = monthName(entry.month, language);
          return (
            <tr key={entry.month} data-month={entry.month}>
              <th scope="row" className="fw-normal">
                {name}
              </th>
              <td className="text-end">
                <CountLink row={{ key: entry.month, name, count: entry.expiring, href: forecastMonthHref(entry.month, today) ?? '' }} nameHidden />
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('registrations.overview.forecastTotal')}</th>
          <td className="text-end fw-semibold">{count(total)}</td>
        </tr>
      </tfoot>
    </Table>
  );
}
