import type { WebhookSecretResponse } from '@registrar-panel/contract';
import { useRef } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { SecretOnce } from '../../components/secret-once';

/**
 * The endpoint's signing secret, shown this once (after adding it, or a rotation): the server keeps
 * it encrypted and never shows it again. Only a deliberate Close or Escape closes it.
 */
export function WebhookSecretModal({ created, rotated, onClose }: { created: WebhookSecretResponse; rotated: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const copyButton = useRef<HTMLButtonElement>(null);
  return (
    <Modal show size="lg" backdrop="static" onHide={onClose} aria-labelledby="webhook-secret-title" onEntered={() => copyButton.current?.focus()}>
      <Modal.Header closeButton>
        <Modal.Title id="webhook-secret-title" as="h2" className="h5">
          {t(rotated ? 'users.webhooks.secret.rotatedTitle' : 'users.webhooks.secret.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <SecretOnce
          id="webhook-secret"
          secret={created.secret}
          copyButton={copyButton}
          texts={{
            warning: t('users.webhooks.secret.warning'),
            copy: t('users.webhooks.secret.copy'),
            copied: t('users.webhooks.secret.copied'),
            copyFailed: t('users.webhooks.secret.copyFailed'),
          }}
        />
        <p className="small text-body-secondary mb-0">{t(rotated ? 'users.webhooks.secret.rotatedHelp' : 'users.webhooks.secret.help')}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          {t('users.webhooks.secret.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
