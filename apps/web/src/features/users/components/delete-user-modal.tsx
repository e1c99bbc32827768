import type { PanelUser } from '@registrar-panel/contract';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export type DeleteResult = 'delete' | 'cancel';

/** Asks before deleting; the result 'delete' triggers the deletion (spec section 2). */
export function DeleteUserModal({ user, pending, onResult }: { user: PanelUser; pending: boolean; onResult: (result: DeleteResult) => void }) {
  const { t } = useTranslation();
  return (
    <Modal show size="lg" onHide={() => onResult('cancel')} aria-labelledby="delete-user-title">
      <Modal.Header closeButton>
        <Modal.Title id="delete-user-title" as="h2" className="h5">
          {t('users.delete.title', { name: user.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('users.delete.text', { name: user.name, username: user.username })}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => onResult('cancel')}>
          {t('users.delete.cancel')}
        </Button>
        <Button variant="danger" onClick={() => onResult('delete')} disabled={pending}>
          <i className="bi bi-trash me-2" aria-hidden="true" />
          {t('users.delete.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
