import '../api-keys.css';
import { can, type ApiKey, type ApiKeyCreatedResponse } from '@registrar-panel/contract';
import { useEffect, useRef, useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { Link } from 'react-router';
import { Icon } from '../../../../components/icon';
import { NotAllowed } from '../../../../components/not-allowed';
import { useRefusal } from '../../../../components/refusable';
import { alerts } from '../../../../lib/alerts';
import { useCurrentUser } from '../../../../lib/auth';
import { usePageTitle } from '../../../../lib/page-title';
import { paths } from '../../../../lib/paths';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ApiKeySecretModal } from './api-key-secret-modal';
import { ApiKeysTable } from './api-keys-table';
import { CreateApiKeyModal } from './create-api-key-modal';
import { RevokeApiKeyModal } from './revoke-api-key-modal';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import bookIcon from 'bootstrap-icons/icons/book.svg?raw';
import broadcastIcon from 'bootstrap-icons/icons/broadcast.svg?raw';
import inboxIcon from 'bootstrap-icons/icons/inbox.svg?raw';
import plusLgIcon from 'bootstrap-icons/icons/plus-lg.svg?raw';

/**
 * `/users/apiKeys` (ADMIN): the registrar's API keys, reached from User Management's header, not
 * from the menu. Others are told it is not theirs to use, as on the other pages they cannot use.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('users.apiKeys.title'));
  const allowed = user !== null && can(user.roles, 'manageApiKeys');
  return (
    <section aria-labelledby="api-keys-title">
      <Link to={paths.users} className="d-inline-flex align-items-center gap-2 mb-2 small">
        <Icon svg={arrowLeftIcon} />
        {t('users.apiKeys.back')}
      </Link>
      {allowed ? (
        <ApiKeyManagement registrarHandle={user.registrarHandle} />
      ) : (
        <>
          <h1 id="api-keys-title" className="h3 mb-4">
            {t('users.apiKeys.title')}
          </h1>
          <NotAllowed title={t('users.apiKeys.notAllowed.title')} text={t('users.apiKeys.notAllowed.text')} capability="manageApiKeys" />
        </>
      )}
    </section>
  );
}

type Dialog = { kind: 'create' } | { kind: 'secret'; created: ApiKeyCreatedResponse } | { kind: 'revoke'; apiKey: ApiKey };

function ApiKeyManagement({ registrarHandle }: { registrarHandle: string }) {
  const { t } = useTranslation();
  const apiKeys = useApiKeys();
  const revoke = useRevokeApiKey();
  // The new secret lives only here, in the open secret dialog: closing it drops the last copy.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const createRefusal = useRefusal('POST /apiKeys');
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [revokedCount, setRevokedCount] = useState(0);
  // A revoked key loses its 'Revoke' button, where the closing dialog would put the focus back: the
  // list takes it instead. An effect, so that it runs after the dialog's own focus restoring.
  useEffect(() => {
    if (revokedCount > 0) listHeading.current?.focus();
  }, [revokedCount]);

  const confirmRevoke = (apiKey: ApiKey) =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        setDialog(null);
        setRevokedCount((count) => count + 1);
        alerts.success(t('users.apiKeys.revoke.done', { name: apiKey.name }));
      },
    });

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 id="api-keys-title" className="h3 mb-0">
          {t('users.apiKeys.title')}
        </h1>
        <Button variant="primary" onClick={() => setDialog({ kind: 'create' })} disabled={createRefusal.refused} {...createRefusal.props}>
          <Icon svg={plusLgIcon} className="me-2" />
          {t('users.apiKeys.create')}
        </Button>
      </div>
      <p className="text-body-secondary mb-4 api-keys-intro">
        {t('users.apiKeys.intro')}{' '}
        <Link to={paths.apiReference} className="d-inline-flex align-items-center gap-1 text-nowrap" data-testid="api-reference-link">
          <Icon svg={bookIcon} />
          {t('users.apiKeys.reference')}
        </Link>{' '}
        <Link to={paths.webhooks} className="d-inline-flex align-items-center gap-1 text-nowrap" data-testid="webhooks-link">
          <Icon svg={broadcastIcon} />
          {t('users.apiKeys.webhooks')}
        </Link>
      </p>
      <Card className="shadow-sm" as="section" aria-labelledby="api-keys-list-title">
        <Card.Header className="bg-body py-3">
          <h2 id="api-keys-list-title" className="h5 mb-0" ref={listHeading} tabIndex={-1}>
            {t('users.apiKeys.list.title')}
          </h2>
        </Card.Header>
        {apiKeys.isPending && (
          <Card.Body>
            <Spinner animation="border" size="sm" role="status" />
          </Card.Body>
        )}
        {apiKeys.isError && <Card.Body className="text-danger">{t('users.apiKeys.list.loadFailed')}</Card.Body>}
        {apiKeys.isSuccess && apiKeys.data.length === 0 && (
          <Card.Body className="d-flex align-items-center gap-2 text-body-secondary" data-testid="api-keys-none">
            <Icon svg={inboxIcon} className="fs-5" />
            {t('users.apiKeys.list.empty')}
          </Card.Body>
        )}
        {apiKeys.isSuccess && apiKeys.data.length > 0 && (
          <div className="p-2 p-md-0">
            <ApiKeysTable apiKeys={apiKeys.data} onRevoke={(apiKey) => setDialog({ kind: 'revoke', apiKey })} />
          </div>
        )}
      </Card>
      {dialog?.kind === 'create' && <CreateApiKeyModal onCancel={() => setDialog(null)} onCreated={(created) => setDialog({ kind: 'secret', created })} />}
      {dialog?.kind === 'secret' && <ApiKeySecretModal created={dialog.created} registrarHandle={registrarHandle} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'revoke' && (
        <RevokeApiKeyModal apiKey={dialog.apiKey} pending={revoke.isPending} onCancel={() => setDialog(null)} onConfirm={() => confirmRevoke(dialog.apiKey)} />
      )}
    </>
  );
}
