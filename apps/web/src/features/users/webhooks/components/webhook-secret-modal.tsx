import type { WebhookSecretResponse } from '@registrar-panel/contract';
import { useRef, useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/icon';
import checkLgIcon from 'bootstrap-icons/icons/check-lg.svg?raw';
import clipboardIcon from 'bootstrap-icons/icons/clipboard.svg?raw';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';

/**
 * The endpoint's signing secret, shown this once (after adding it, or a rotation): the server keeps
 * it encrypted and never shows it again. Only a deliberate Close or Escape closes it.
 */
export function WebhookSecretModal({ created, rotated, onClose }: { created: WebhookSecretResponse; rotated: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const copyButton = useRef<HTMLButtonElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Modal show size="lg" backdrop="static" onHide={onClose} aria-labelledby="webhook-secret-title" onEntered={() => copyButton.current?.focus()}>
      <Modal.Header closeButton>
        <Modal.Title id="webhook-secret-title" as="h2" className="h5">
          {t(rotated ? 'users.webhooks.secret.rotatedTitle' : 'users.webhooks.secret.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning" className="d-flex gap-2 align-items-start">
          <Icon svg={exclamationTriangleIcon} className="flex-shrink-0 mt-1" />
          <strong id="webhook-secret-warning">{t('users.webhooks.secret.warning')}</strong>
        </Alert>
        <div className="d-flex flex-column flex-sm-row gap-2 align-items-stretch mb-2">
          <code className="webhook-secret flex-grow-1" data-testid="webhook-secret">
            {created.secret}
          </code>
          <Button
            ref={copyButton}
            variant={copy === 'copied' ? 'success' : 'primary'}
            className="text-nowrap align-self-sm-start"
            onClick={() => void copySecret()}
            aria-describedby="webhook-secret-warning"
          >
            <Icon svg={copy === 'copied' ? checkLgIcon : clipboardIcon} className="me-2" />
            {t(copy === 'copied' ? 'users.webhooks.secret.copied' : 'users.webhooks.secret.copy')}
          </Button>
        </div>
        <p className="small mb-2" role="status">
          {copy === 'copied' && <span className="visually-hidden">{t('users.webhooks.secret.copied')}</span>}
          {copy === 'failed' && <span className="text-danger-emphasis">{t('users.webhooks.secret.copyFailed')}</span>}
        </p>
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
