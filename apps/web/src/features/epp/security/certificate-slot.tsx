import type { EppCertificate, EppCertificateSlot } from '@registrar-panel/contract';
import trashIcon from 'bootstrap-icons/icons/trash.svg?raw';
import uploadIcon from 'bootstrap-icons/icons/upload.svg?raw';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import { useRefusal } from '../../../components/refusable';
import { visible } from '../../../lib/visible-text';
import { alerts } from '../../../lib/alerts';
import { useRemoveCertificate } from '../api/remove-certificate';
import { CertificateDetails } from './certificate-details';
import { CertificateUploadForm } from './certificate-upload-form';

/** One slot, primary or failover: its certificate with Replace and Remove, or Upload when empty. */
export function CertificateSlot({ slot, certificate, other }: { slot: EppCertificateSlot; certificate: EppCertificate | null; other: EppCertificate | null }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveCertificate();
  const uploadRefusal = useRefusal('PUT /registrar/epp/certificates/:slot');
  const removeRefusal = useRefusal('DELETE /registrar/epp/certificates/:slot');

  const confirmRemoval = () => {
    if (!certificate) return;
    remove.mutate(
      { slot, fingerprint: certificate.fingerprint },
      {
        onSuccess: () => alerts.success(t('epp.security.certificates.removed')),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <section aria-labelledby={`certificate-${slot}-title`} className="border rounded p-3 h-100" data-testid={`certificate-${slot}`}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h3 id={`certificate-${slot}-title`} className="h6 mb-0">
          {t(`epp.security.certificates.${slot}`)}
        </h3>
        {!editing && (
          <div className="d-flex flex-wrap gap-2">
            <Button
              size="sm"
              variant={certificate ? 'outline-primary' : 'primary'}
              disabled={uploadRefusal.refused}
              {...uploadRefusal.props}
              onClick={() => setEditing(true)}
            >
              <Icon svg={uploadIcon} className="me-1" />
              {certificate ? t('epp.security.certificates.replace') : t('epp.security.certificates.upload')}
            </Button>
            {certificate && (
              <Button size="sm" variant="outline-danger" disabled={removeRefusal.refused} {...removeRefusal.props} onClick={() => setConfirming(true)}>
                <Icon svg={trashIcon} className="me-1" />
                {t('epp.security.certificates.remove')}
              </Button>
            )}
          </div>
        )}
      </div>
      {certificate ? <CertificateDetails certificate={certificate} /> : <p className="text-body-secondary mb-0">{t('epp.security.certificates.empty')}</p>}
      {editing && <CertificateUploadForm slot={slot} replaces={certificate?.fingerprint ?? null} onDone={() => setEditing(false)} />}
      {certificate && (
        <ConfirmDialog
          id={`remove-certificate-${slot}`}
          show={confirming}
          title={t(`epp.security.certificates.removeTitle.${slot}`)}
          cancelLabel={t('epp.security.certificates.form.cancel')}
          confirmLabel={t('epp.security.certificates.removeConfirm')}
          confirmVariant="danger"
          confirmIcon={trashIcon}
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={confirmRemoval}
        >
          <p>{t('epp.security.certificates.removeText', { subject: visible(certificate.subject) })}</p>
          <p className="mb-0">{other ? t('epp.security.certificates.removeOtherStays') : t('epp.security.certificates.removeLast')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
