import '../webhooks.css';
import { can, displayedWebhookUrl, type WebhookEndpoint, type WebhookSecretResponse } from '@registrar-panel/contract';
import { useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { Icon } from '../../../../components/icon';
import { NotAllowed } from '../../../../components/not-allowed';
import { useRefusal } from '../../../../components/refusable';
import { alerts } from '../../../../lib/alerts';
import { useCurrentUser } from '../../../../lib/auth';
import { usePageTitle } from '../../../../lib/page-title';
import { paths } from '../../../../lib/paths';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSetWebhookEnabled } from '../api/set-webhook-enabled';
import { WebhookCard, type EndpointAction } from './webhook-card';
import { WebhookFormModal } from './webhook-form-modal';
import { WebhookSecretModal } from './webhook-secret-modal';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import inboxIcon from 'bootstrap-icons/icons/inbox.svg?raw';
import plusLgIcon from 'bootstrap-icons/icons/plus-lg.svg?raw';

/**
 * `/users/webhooks` (ADMIN): the registrar's webhook endpoints, reached from the API keys page's
 * header, not from the menu. Others are told it is not theirs to use.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('users.webhooks.title'));
  const allowed = user !== null && can(user.roles, 'manageWebhooks');
  return (
    <section aria-labelledby="webhooks-title">
      <Link to={paths.apiKeys} className="d-inline-flex align-items-center gap-2 mb-2 small">
        <Icon svg={arrowLeftIcon} />
        {t('users.webhooks.back')}
      </Link>
      {allowed ? (
        <WebhookManagement />
      ) : (
        <>
          <h1 id="webhooks-title" className="h3 mb-4">
            {t('users.webhooks.title')}
          </h1>
          <NotAllowed title={t('users.webhooks.notAllowed.title')} text={t('users.webhooks.notAllowed.text')} capability="manageWebhooks" />
        </>
      )}
    </section>
  );
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; created: WebhookSecretResponse; rotated: boolean }
  | { kind: 'rotate' | 'enable' | 'disable' | 'delete'; endpoint: WebhookEndpoint };

const confirmations = {
  rotate: { variant: 'primary', done: 'users.webhooks.rotate.done' },
  enable: { variant: 'primary', done: 'users.webhooks.enable.done' },
  disable: { variant: 'danger', done: 'users.webhooks.disable.done' },
  delete: { variant: 'danger', done: 'users.webhooks.delete.done' },
} as const;

function WebhookManagement() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const rotate = useRotateWebhookSecret();
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  // A new secret lives only in the open secret dialog: closing it drops the last copy.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const pending = rotate.isPending || setEnabled.isPending || remove.isPending;
  // A suspended registrar adds nothing (the server refuses it too); deleting stays possible.
  const createRefusal = useRefusal('POST /webhooks');

  const onAction = (endpoint: WebhookEndpoint, action: EndpointAction) =>
    setDialog(action === 'edit' ? { kind: 'edit', endpoint } : { kind: action, endpoint });

  const confirm = (kind: 'rotate' | 'enable' | 'disable' | 'delete', endpoint: WebhookEndpoint) => {
    const done = () => alerts.success(t(confirmations[kind].done, { url: displayedWebhookUrl(endpoint.url) }));
    if (kind === 'rotate') rotate.mutate(endpoint.id, { onSuccess: (created) => setDialog({ kind: 'secret', created, rotated: true }) });
    else if (kind === 'delete')
      remove.mutate(endpoint.id, {
        onSuccess: () => {
          setDialog(null);
          done();
        },
      });
    else
      setEnabled.mutate(
        { id: endpoint.id, enabled: kind === 'enable' },
        {
          onSuccess: () => {
            setDialog(null);
            done();
          },
        },
      );
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 id="webhooks-title" className="h3 mb-0">
          {t('users.webhooks.title')}
        </h1>
        <Button variant="primary" onClick={() => setDialog({ kind: 'create' })} disabled={createRefusal.refused} {...createRefusal.props}>
          <Icon svg={plusLgIcon} className="me-2" />
          {t('users.webhooks.create')}
        </Button>
      </div>
      <p className="text-body-secondary mb-4">{t('users.webhooks.intro')}</p>
      {webhooks.isPending && <Spinner animation="border" size="sm" role="status" />}
      {webhooks.isError && <p className="text-danger">{t('users.webhooks.loadFailed')}</p>}
      {webhooks.isSuccess && webhooks.data.length === 0 && (
        <Card className="shadow-sm">
          <Card.Body className="d-flex align-items-center gap-2 text-body-secondary" data-testid="webhooks-none">
            <Icon svg={inboxIcon} className="fs-5" />
            {t('users.webhooks.empty')}
          </Card.Body>
        </Card>
      )}
      {webhooks.isSuccess &&
        webhooks.data.map((endpoint) => <WebhookCard key={endpoint.id} endpoint={endpoint} onAction={(action) => onAction(endpoint, action)} />)}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <WebhookFormModal
          endpoint={dialog.kind === 'edit' ? dialog.endpoint : undefined}
          onCancel={() => setDialog(null)}
          onCreated={(created) => setDialog({ kind: 'secret', created, rotated: false })}
          onSaved={() => {
            setDialog(null);
            alerts.success(t('users.webhooks.saved'));
          }}
        />
      )}
      {dialog?.kind === 'secret' && <WebhookSecretModal created={dialog.created} rotated={dialog.rotated} onClose={() => setDialog(null)} />}
      {dialog && (dialog.kind === 'rotate' || dialog.kind === 'enable' || dialog.kind === 'disable' || dialog.kind === 'delete') && (
        <ConfirmDialog
          id="webhook-confirm"
          title={t(`users.webhooks.${dialog.kind}.title`)}
          cancelLabel={t('users.webhooks.cancel')}
          confirmLabel={t(`users.webhooks.${dialog.kind}.confirm`)}
          confirmVariant={confirmations[dialog.kind].variant}
          pending={pending}
          onCancel={() => setDialog(null)}
          onConfirm={() => confirm(dialog.kind, dialog.endpoint)}
        >
          <p className="mb-2 font-monospace webhook-url">{displayedWebhookUrl(dialog.endpoint.url)}</p>
          <p className="mb-0">{t(`users.webhooks.${dialog.kind}.text`)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
