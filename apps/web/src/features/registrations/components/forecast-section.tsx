import type { PortfolioOverview } from '@registrar-panel/contract';
import { lazy } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { DownloadProgress } from '../../../components/download-progress';
import { Icon } from '../../../components/icon';
import { useCurrentUser } from '../../../lib/auth';
import { useDownload } from '../../../lib/download';
import downloadIcon from 'bootstrap-icons/icons/download.svg?raw';
import { downloadForecastCsv } from '../api/download-forecast-csv';
import { ForecastTable } from './forecast-table';
import { SectionCard } from '../../../components/section-card';
import { ChartBox } from '../../../components/chart-box';

// The chart library loads only here, after the page's numbers are in, which keeps the first bundle within its size budget.
const ForecastChart = lazy(() => import('./forecast-chart').then((module) => ({ default: module.ForecastChart })));

/**
 * The renewal forecast: registrations expiring per month over the next 12 months, as a bar chart
 * with the same numbers in a table beside it (below it on a phone), and as CSV. The chart is a
 * picture with a name; the table is what a screen reader reads.
 */
export function ForecastSection({ forecast, today }: { forecast: PortfolioOverview['forecast']; today: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const download = useDownload();
  return (
    <SectionCard
      id="overview-forecast"
      title={t('registrations.overview.forecast')}
      testId="overview-forecast"
      actions={
        <Button
          variant="primary"
          size="sm"
          disabled={download.running}
          onClick={() => void downloadForecastCsv(download, user?.registrarHandle ?? '', t('registrations.overview.forecastDownloadFailed'))}
        >
          <Icon svg={downloadIcon} className="me-2" />
          {t('registrations.overview.forecastDownload')}
        </Button>
      }
    >
      <p className="small text-body-secondary">{t('registrations.overview.forecastIntro')}</p>
      <DownloadProgress progress={download.progress} label={t('registrations.overview.forecastDownload')} />
      <div className="row g-4 mt-0">
        <div className="col-lg-8">
          <ChartBox label={t('registrations.overview.forecastChart')}>
            <ForecastChart forecast={forecast} />
          </ChartBox>
        </div>
        <div className="col-lg-4">
          <ForecastTable forecast={forecast} today={today} />
        </div>
      </div>
    </SectionCard>
  );
}
