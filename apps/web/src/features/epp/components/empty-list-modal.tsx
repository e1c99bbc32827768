import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface EmptyListModalProps {
  show: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The small warning before saving a list without addresses (spec section 2). */
export function EmptyListModal({ show, onCancel, onConfirm }: EmptyListModalProps) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onCancel} size="sm" centered aria-labelledby="empty-ip-list-title">
      <Modal.Header closeButton>
        <Modal.Title id="empty-ip-list-title" as="h2" className="h5">
          <i className="bi bi-exclamation-triangle text-warning me-2" aria-hidden="true" />
          {t('epp.ipEdit.emptyModal.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('epp.ipEdit.emptyModal.text')}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('epp.ipEdit.emptyModal.cancel')}
        </Button>
        <Button variant="primary" onClick={onConfirm}>
          {t('epp.ipEdit.emptyModal.update')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
