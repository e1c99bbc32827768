import { Button } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { DownloadProgress } from '../../../components/download-progress';
import { Icon } from '../../../components/icon';
import { useCurrentUser } from '../../../lib/auth';
import { useDownload } from '../../../lib/download';
import downloadIcon from 'bootstrap-icons/icons/download.svg?raw';
import { exportSearchCsv } from '../api/export-search-csv';
import type { SearchLocation } from '../search-location';

/**
 * 'Export results as CSV': every match of the search and its filters, not only the page shown, with
 * the download's progress under the button while the page stays usable.
 */
export function SearchExport({ search }: { search: SearchLocation }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const download = useDownload();
  const handle = user?.registrarHandle ?? '';
  return (
    <div className="search-export">
      <Button
        variant="primary"
        size="sm"
        disabled={download.running}
        onClick={() => void exportSearchCsv(download, { term: search.term, filters: search.filters, handle }, t('registrations.export.failed'))}
      >
        <Icon svg={downloadIcon} className="me-2" />
        {t('registrations.export.button')}
      </Button>
      <DownloadProgress progress={download.progress} label={t('registrations.export.progress')} />
    </div>
  );
}
