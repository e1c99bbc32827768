import './connections.css';
import { Alert } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { LoadFailure } from '../../../components/load-failure';
import { SectionCard } from '../../../components/section-card';
import { useConnections } from '../api/get-connections';
import { AllowListUsage } from './allow-list-usage';
import { CertificateUsage } from './certificate-usage';
import { ConnectionDays } from './connection-days';
import { LastSuccess, RefusedConnections } from './refused-connections';
import { useAllowListChange } from './use-allow-list-change';

/**
 * Why the registry's EPP server refused a connection (issue 31): the last success and refusals
 * with their reasons and remedies, the allow-list with each address's last use, the certificate
 * slots used, and the counts per day. Add to the list and Remove change the allow-list as its edit page does.
 */
export function ConnectionsSection() {
  const { t } = useTranslation();
  const query = useConnections();
  const change = useAllowListChange();
  const data = query.data;
  return (
    <div className="d-grid gap-4 mb-4" data-testid="epp-connections">
      <SectionCard id="epp-connections-refused" title={t('epp.security.connections.title')}>
        <p className="small text-body-secondary">{t('epp.security.connections.intro')}</p>
        {change.problem && (
          <Alert variant="danger" className="py-2" data-testid="epp-connections-problem">
            {change.problem}
          </Alert>
        )}
        {!data ? (
          query.isError && (
            <LoadFailure
              error={query.error}
              notFound={t('epp.security.connections.notFound')}
              failed={t('epp.security.connections.loadFailed')}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )
        ) : (
          <>
            <LastSuccess connection={data.lastSuccess} />
            <h3 className="h6">{t('epp.security.connections.refusedTitle')}</h3>
            <RefusedConnections refused={data.refused} change={change} />
          </>
        )}
      </SectionCard>
      {data && (
        <>
          <SectionCard id="epp-connections-addresses" title={t('epp.security.connections.addressesTitle')}>
            <AllowListUsage addresses={data.addresses} change={change} />
          </SectionCard>
          <SectionCard id="epp-connections-certificates" title={t('epp.security.connections.certificatesTitle')}>
            <p className="small text-body-secondary">{t('epp.security.connections.certificatesIntro')}</p>
            <CertificateUsage certificates={data.certificates} />
          </SectionCard>
          <SectionCard id="epp-connections-days" title={t('epp.security.connections.daysTitle')}>
            <ConnectionDays days={data.days} />
          </SectionCard>
        </>
      )}
      {change.modal}
    </div>
  );
}
