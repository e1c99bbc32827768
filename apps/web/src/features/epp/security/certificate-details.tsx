import { eppCertificateRules, type EppCertificate } from '@registrar-panel/contract';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import { Alert } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { DetailList } from '../../../components/detail-list';
import { Icon } from '../../../components/icon';
import { Fingerprint } from './fingerprint';
import { useFormats } from '../../../lib/formats';

/** How close the end of validity is: the page warns within `warningDays`, as the reminders do. */
export function validityState(certificate: Pick<EppCertificate, 'notAfter' | 'daysLeft'>, now: Date = new Date()): 'valid' | 'soon' | 'expired' {
  if (Date.parse(certificate.notAfter) <= now.getTime()) return 'expired';
  return certificate.daysLeft <= eppCertificateRules.warningDays ? 'soon' : 'valid';
}

/** One slot's certificate: what the registrar compares with its EPP client's, and how long it has left. */
export function CertificateDetails({ certificate }: { certificate: EppCertificate }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const state = validityState(certificate);
  const key =
    certificate.keyType === 'RSA'
      ? t('epp.security.certificates.rsaKey', { size: certificate.keySize })
      : t('epp.security.certificates.ecKey', { size: certificate.keySize });
  const left =
    state === 'expired'
      ? t('epp.security.certificates.expired')
      : certificate.daysLeft === 0
        ? t('epp.security.certificates.lastDay')
        : t('epp.security.certificates.daysLeft', { count: certificate.daysLeft });
  return (
    <>
      {state !== 'valid' && (
        <Alert variant={state === 'expired' ? 'danger' : 'warning'} className="d-flex gap-2 py-2" data-testid="certificate-warning">
          <Icon svg={exclamationTriangleIcon} className="mt-1" />
          <span>
            {state === 'expired' ? t('epp.security.certificates.expiredWarning') : t('epp.security.certificates.soonWarning', { count: certificate.daysLeft })}
          </span>
        </Alert>
      )}
      <DetailList
        stacked
        rows={[
          { name: 'subject', label: t('epp.security.certificates.subject'), value: certificate.subject },
          { name: 'issuer', label: t('epp.security.certificates.issuer'), value: certificate.issuer },
          {
            name: 'serial',
            label: t('epp.security.certificates.serial'),
            value: <span className="font-monospace small text-break">{certificate.serial}</span>,
          },
          { name: 'fingerprint', label: t('epp.security.certificates.fingerprint'), value: <Fingerprint value={certificate.fingerprint} /> },
          {
            name: 'key',
            label: t('epp.security.certificates.key'),
            value: (
              // Each name whole: `SHA-256` never split at its hyphen.
              <>
                <span className="text-nowrap">{key}</span> · <span className="text-nowrap">{certificate.signatureAlgorithm}</span>
              </>
            ),
          },
          {
            name: 'validity',
            label: t('epp.security.certificates.validity'),
            value: t('epp.security.certificates.validityValue', {
              from: formats.registrationDate(certificate.notBefore),
              until: formats.registrationDate(certificate.notAfter),
            }),
            help: <span className={state === 'valid' ? undefined : 'fw-semibold text-danger-emphasis'}>{left}</span>,
          },
          {
            name: 'uploaded',
            label: t('epp.security.certificates.uploaded'),
            value: certificate.uploadedBy
              ? t('epp.security.certificates.uploadedBy', { time: formats.registrationDate(certificate.uploadedAt), user: certificate.uploadedBy })
              : formats.registrationDate(certificate.uploadedAt),
          },
        ]}
      />
    </>
  );
}
