import type { PanelUser } from '@registrar-panel/contract';
import { useRef } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import trashIcon from 'bootstrap-icons/icons/trash.svg?raw';

export type DeleteResult = 'delete' | 'cancel';

/** Asks before deleting; the result 'delete' triggers the deletion (spec section 2). */
export function DeleteUserModal({ user, pending, onResult }: { user: PanelUser; pending: boolean; onResult: (result: DeleteResult) => void }) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    // The dialog starts on the harmless choice, once shown (see user-form-modal.tsx).
    <Modal show size="lg" onHide={() => onResult('cancel')} aria-labelledby="delete-user-title" onEntered={() => cancel.current?.focus()}>
      <Modal.Header closeButton>
        <Modal.Title id="delete-user-title" as="h2" className="h5">
          {t('users.delete.title', { name: user.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('users.delete.text', { name: user.name, username: user.username })}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button ref={cancel} variant="outline-secondary" onClick={() => onResult('cancel')}>
          {t('users.delete.cancel')}
        </Button>
        <Button variant="danger" onClick={() => onResult('delete')} disabled={pending}>
          <Icon svg={trashIcon} className="me-2" />
          {t('users.delete.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
