import { formatDay, type ApiKeyCreatedResponse } from '@registrar-panel/contract';
import { useRef } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { curlExample } from '../api-key-text';
import { ApiKeyScopeBadges } from './api-key-badges';
import { SecretOnce } from '../../components/secret-once';

/**
 * The new key's secret, shown this once: monospace, with 'Copy' and a curl example that uses it.
 * The server keeps only a hash, so once this closes (`onClose` drops the answer) nobody can show it
 * again. Clicking outside does not close it: only a deliberate Close or Escape.
 */
export function ApiKeySecretModal({ created, registrarHandle, onClose }: { created: ApiKeyCreatedResponse; registrarHandle: string; onClose: () => void }) {
  const { t } = useTranslation();
  const copyButton = useRef<HTMLButtonElement>(null);
  const { apiKey, secret } = created;

  return (
    <Modal show size="lg" backdrop="static" onHide={onClose} aria-labelledby="api-key-secret-title" onEntered={() => copyButton.current?.focus()}>
      <Modal.Header closeButton>
        <Modal.Title id="api-key-secret-title" as="h2" className="h5">
          {t('users.apiKeys.secret.title', { name: apiKey.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <SecretOnce
          id="api-key-secret"
          secret={secret}
          label={t('users.apiKeys.secret.label')}
          copyButton={copyButton}
          texts={{
            warning: t('users.apiKeys.secret.warning'),
            copy: t('users.apiKeys.secret.copy'),
            copied: t('users.apiKeys.secret.copied'),
            copyFailed: t('users.apiKeys.secret.copyFailed'),
          }}
        />
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
