import { formatDay, type ApiKeyCreatedResponse } from '@registrar-panel/contract';
import { useRef, useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/icon';
import { curlExample } from '../api-key-text';
import { ApiKeyScopeBadges } from './api-key-badges';
import checkLgIcon from 'bootstrap-icons/icons/check-lg.svg?raw';
import clipboardIcon from 'bootstrap-icons/icons/clipboard.svg?raw';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The new key's secret, shown this once: monospace, with 'Copy' and a curl example that uses it.
 * The server keeps only a hash, so once this closes (`onClose` drops the answer) nobody can show it
 * again. Clicking outside does not close it: only a deliberate Close or Escape.
 */
export function ApiKeySecretModal({ created, registrarHandle, onClose }: { created: ApiKeyCreatedResponse; registrarHandle: string; onClose: () => void }) {
  const { t } = useTranslation();
  const copyButton = useRef<HTMLButtonElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const { apiKey, secret } = created;

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the key is still there to select.
      setCopy('failed');
    }
  };

  return (
    <Modal show size="lg" backdrop="static" onHide={onClose} aria-labelledby="api-key-secret-title" onEntered={() => copyButton.current?.focus()}>
      <Modal.Header closeButton>
        <Modal.Title id="api-key-secret-title" as="h2" className="h5">
          {t('users.apiKeys.secret.title', { name: apiKey.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning" className="d-flex gap-2 align-items-start">
          <Icon svg={exclamationTriangleIcon} className="flex-shrink-0 mt-1" />
          <strong id="api-key-secret-warning">{t('users.apiKeys.secret.warning')}</strong>
        </Alert>
        <p className="form-label fw-semibold mb-1">{t('users.apiKeys.secret.label')}</p>
        <div className="d-flex flex-column flex-sm-row gap-2 align-items-stretch mb-2">
          <code className="api-key-secret flex-grow-1" data-testid="api-key-secret">
            {secret}
          </code>
          <Button
            ref={copyButton}
            variant={copy === 'copied' ? 'success' : 'primary'}
            className="text-nowrap align-self-sm-start"
            onClick={() => void copySecret()}
            aria-describedby="api-key-secret-warning"
          >
            <Icon svg={copy === 'copied' ? checkLgIcon : clipboardIcon} className="me-2" />
            {t(copy === 'copied' ? 'users.apiKeys.secret.copied' : 'users.apiKeys.secret.copy')}
          </Button>
        </div>
        <p className="small mb-3" role="status">
          {/* The button already says 'Copied' on screen; this says it to a screen reader. */}
          {copy === 'copied' && <span className="visually-hidden">{t('users.apiKeys.secret.copied')}</span>}
          {copy === 'failed' && <span className="text-danger-emphasis">{t('users.apiKeys.secret.copyFailed')}</span>}
        </p>
        <dl className="d-flex flex-wrap column-gap-4 row-gap-2 small mb-3">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <dt className="fw-semibold text-body-secondary">{t('users.apiKeys.list.scopes')}</dt>
            <dd className="mb-0">
              <ApiKeyScopeBadges scopes={apiKey.scopes} />
            </dd>
          </div>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <dt className="fw-semibold text-body-secondary">{t('users.apiKeys.list.expires')}</dt>
            <dd className="mb-0">
              <time dateTime={apiKey.expiresOn}>{formatDay(apiKey.expiresOn)}</time>
            </dd>
          </div>
        </dl>
        <h3 className="h6">{t('users.apiKeys.secret.example')}</h3>
        <p className="small text-body-secondary mb-2">{t('users.apiKeys.secret.exampleHelp')}</p>
        <pre className="api-key-example mb-0" data-testid="api-key-example">
          <code>{curlExample(window.location.origin, secret, apiKey.scopes, registrarHandle)}</code>
        </pre>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('users.apiKeys.secret.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
