import type { PanelUser } from '@registrar-panel/contract';
import { useTranslation } from '../../../lib/use-translation';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import trashIcon from 'bootstrap-icons/icons/trash.svg?raw';

export type DeleteResult = 'delete' | 'cancel';

/** Asks before deleting; the result 'delete' triggers the deletion (spec section 2). */
export function DeleteUserModal({ user, pending, onResult }: { user: PanelUser; pending: boolean; onResult: (result: DeleteResult) => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      id="delete-user"
      size="lg"
      title={t('users.delete.title', { name: user.name })}
      cancelLabel={t('users.delete.cancel')}
      confirmLabel={t('users.delete.confirm')}
      confirmVariant="danger"
      confirmIcon={trashIcon}
      pending={pending}
      onCancel={() => onResult('cancel')}
      onConfirm={() => onResult('delete')}
    >
      <p className="mb-0">{t('users.delete.text', { name: user.name, username: user.username })}</p>
    </ConfirmDialog>
  );
}
