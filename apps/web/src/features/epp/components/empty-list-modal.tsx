import { useTranslation } from '../../../lib/use-translation';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';

interface EmptyListModalProps {
  show: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The small warning before saving a list without addresses (spec section 2). */
export function EmptyListModal({ show, onCancel, onConfirm }: EmptyListModalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      id="empty-ip-list"
      show={show}
      size="sm"
      centered
      title={t('epp.ipEdit.emptyModal.title')}
      titleIcon={{ svg: exclamationTriangleIcon, className: 'text-warning' }}
      cancelLabel={t('epp.ipEdit.emptyModal.cancel')}
      confirmLabel={t('epp.ipEdit.emptyModal.update')}
      confirmVariant="primary"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {t('epp.ipEdit.emptyModal.text')}
    </ConfirmDialog>
  );
}
