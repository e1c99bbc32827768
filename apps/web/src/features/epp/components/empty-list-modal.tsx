import { useRef } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';

interface EmptyListModalProps {
  show: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The small warning before saving a list without addresses (spec section 2). */
export function EmptyListModal({ show, onCancel, onConfirm }: EmptyListModalProps) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    // The dialog starts on the harmless choice, once shown: react-bootstrap first focuses the dialog
    // itself and notes the opener, to return to it on closing.
    <Modal show={show} onHide={onCancel} size="sm" centered aria-labelledby="empty-ip-list-title" onEntered={() => cancel.current?.focus()}>
      <Modal.Header closeButton>
        <Modal.Title id="empty-ip-list-title" as="h2" className="h5">
          <Icon svg={exclamationTriangleIcon} className="text-warning me-2" />
          {t('epp.ipEdit.emptyModal.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('epp.ipEdit.emptyModal.text')}</Modal.Body>
      <Modal.Footer>
        <Button ref={cancel} variant="outline-secondary" onClick={onCancel}>
          {t('epp.ipEdit.emptyModal.cancel')}
        </Button>
        <Button variant="primary" onClick={onConfirm}>
          {t('epp.ipEdit.emptyModal.update')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
