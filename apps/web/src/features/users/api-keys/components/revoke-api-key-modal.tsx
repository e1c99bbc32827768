import type { ApiKey } from '@registrar-panel/contract';
import { useTranslation } from '../../../../lib/use-translation';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import slashCircleIcon from 'bootstrap-icons/icons/slash-circle.svg?raw';

/** Asks before revoking a key: revoking cannot be undone. */
export function RevokeApiKeyModal({ apiKey, pending, onCancel, onConfirm }: { apiKey: ApiKey; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      id="revoke-api-key"
      title={t('users.apiKeys.revoke.title', { name: apiKey.name })}
      cancelLabel={t('users.apiKeys.revoke.cancel')}
      confirmLabel={t('users.apiKeys.revoke.confirm')}
      confirmVariant="danger"
      confirmIcon={slashCircleIcon}
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p className="mb-0">{t('users.apiKeys.revoke.text', { name: apiKey.name, prefix: apiKey.prefix })}</p>
    </ConfirmDialog>
  );
}
