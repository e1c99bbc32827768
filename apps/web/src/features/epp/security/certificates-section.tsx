import { eppCertificateSlots } from '@registrar-panel/contract';
import { useTranslation } from '../../../lib/use-translation';
import { LoadFailure } from '../../../components/load-failure';
import { SectionCard } from '../../../components/section-card';
import { useCertificates } from '../api/get-certificates';
import { CertificateSlot } from './certificate-slot';

/**
 * The registrar's EPP client certificates (issue 31): the primary and the failover side by side on a
 * laptop, one under the other on a phone, so a registrar rolls over to a new certificate without
 * interruption.
 */
export function CertificatesSection() {
  const { t } = useTranslation();
  const { data, error, refetch, isFetching } = useCertificates();
  return (
    <SectionCard id="epp-certificates" title={t('epp.security.certificates.title')} className="mb-4" testId="epp-certificates">
      <p className="text-body-secondary mb-3">{t('epp.security.certificates.intro')}</p>
      {error && !data ? (
        <LoadFailure
          error={error}
          notFound={t('epp.security.certificates.loadFailed')}
          failed={t('epp.security.certificates.loadFailed')}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        data && (
          <div className="row g-3">
            {eppCertificateSlots.map((slot) => (
              <div key={slot} className="col-12 col-xl-6">
                <CertificateSlot slot={slot} certificate={data[slot]} other={data[slot === 'primary' ? 'failover' : 'primary']} />
              </div>
            ))}
          </div>
        )
      )}
    </SectionCard>
  );
}
