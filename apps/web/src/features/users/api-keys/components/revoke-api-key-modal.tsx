import type { ApiKey } from '@registrar-panel/contract';
import { useRef } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/icon';
import slashCircleIcon from 'bootstrap-icons/icons/slash-circle.svg?raw';

/** Asks before revoking a key: revoking cannot be undone. */
export function RevokeApiKeyModal({ apiKey, pending, onCancel, onConfirm }: { apiKey: ApiKey; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    // The dialog starts on the harmless choice, once shown (see ../../components/delete-user-modal.tsx).
    <Modal show onHide={onCancel} aria-labelledby="revoke-api-key-title" onEntered={() => cancel.current?.focus()}>
      <Modal.Header closeButton>
        <Modal.Title id="revoke-api-key-title" as="h2" className="h5">
          {t('users.apiKeys.revoke.title', { name: apiKey.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('users.apiKeys.revoke.text', { name: apiKey.name, prefix: apiKey.prefix })}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button ref={cancel} variant="outline-secondary" onClick={onCancel}>
          {t('users.apiKeys.revoke.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          <Icon svg={slashCircleIcon} className="me-2" />
          {t('users.apiKeys.revoke.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
