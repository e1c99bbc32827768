import { formatDateTime, type AuditDetails } from '@registrar-panel/contract';
import { useTranslation } from '../../../../lib/use-translation';
import { BreakableText } from '../../../../components/breakable-text';
import { Labelled, Lines, text } from './lines';

/** An EPP client certificate uploaded, replaced or removed: which slot, its subject, fingerprint and last day (never the PEM). */
export function CertificateDetails({ details }: { details: Partial<AuditDetails['epp.certificate.replace']> }) {
  const { t } = useTranslation();
  const subject = text(details.subject);
  const fingerprint = text(details.fingerprint);
  const notAfter = text(details.notAfter);
  const replaced = text(details.replaced);
  const hex = (value: string) => <span className="font-monospace text-break">{value}</span>;
  return (
    <Lines>
      {details.slot && (
        <li>
          <Labelled label={t('registrar.history.details.certificate')}>
            {details.slot === 'primary' ? t('registrar.history.details.certificatePrimary') : t('registrar.history.details.certificateFailover')}
          </Labelled>
        </li>
      )}
      {subject && (
        <li>
          <Labelled label={t('registrar.history.details.certificateSubject')}>
            <BreakableText text={subject} />
          </Labelled>
        </li>
      )}
      {fingerprint && (
        <li>
          <Labelled label={t('registrar.history.details.fingerprint')}>{hex(fingerprint)}</Labelled>
        </li>
      )}
      {notAfter && (
        <li>
          <Labelled label={t('registrar.history.details.validUntil')}>
            <time dateTime={notAfter}>{formatDateTime(notAfter)}</time>
          </Labelled>
        </li>
      )}
      {replaced && (
        <li>
          <Labelled label={t('registrar.history.details.replacedFingerprint')}>{hex(replaced)}</Labelled>
        </li>
      )}
    </Lines>
  );
}
