import { can } from '@registrar-panel/contract';
import { Button } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useCurrentUser } from '../../../lib/auth';
import { useDownload } from '../../../lib/download';
import { downloadDomainReport } from '../api/download-domain-report';
import { DownloadProgress } from '../../../components/download-progress';
import { NotAllowed } from '../../../components/not-allowed';
import { Icon } from '../../../components/icon';
import downloadIcon from 'bootstrap-icons/icons/download.svg?raw';
import filetypeCsvIcon from 'bootstrap-icons/icons/filetype-csv.svg?raw';
import { usePageTitle } from '../../../lib/page-title';
import { SectionCard } from '../../../components/section-card';

/** `/registrar/reports`: the domain names list as CSV, downloaded with visible progress while the page stays usable. */
export function Reports() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const download = useDownload();
  usePageTitle(t('registrar.tabs.reports'), t('registrar.title'));
  if (!user || !can(user.roles, 'downloadDomainReport')) {
    return <NotAllowed title={t('registrar.reports.notAllowed.title')} text={t('registrar.reports.notAllowed.text')} capability="downloadDomainReport" />;
  }

  return (
    <SectionCard id="reports" title={t('registrar.reports.title')}>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-3">
        <div className="d-flex gap-3">
          <Icon svg={filetypeCsvIcon} className="fs-2 text-primary" />
          <div>
            <h3 className="h6 mb-1">{t('registrar.reports.domainList')}</h3>
            <p className="text-body-secondary small mb-0">{t('registrar.reports.domainListText')}</p>
          </div>
        </div>
        <Button
          variant="primary"
          disabled={download.running}
          aria-label={t('registrar.reports.downloadLabel')}
          onClick={() => void downloadDomainReport(download, user.registrarHandle, t('registrar.download.failed'))}
        >
          <Icon svg={downloadIcon} className="me-2" />
          {t('registrar.reports.download')}
        </Button>
      </div>
      <DownloadProgress progress={download.progress} label={t('registrar.reports.domainList')} />
    </SectionCard>
  );
}
