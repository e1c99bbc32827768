import { displayedWebhookUrl, eventKinds, formatDateTime, type WebhookEndpoint } from '@registrar-panel/contract';
import { useState } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { alerts } from '../../../../lib/alerts';
import { eventKindLabel } from '../../../../lib/event-kind-labels';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { WebhookDeliveries } from './webhook-deliveries';

export type EndpointAction = 'edit' | 'rotate' | 'enable' | 'disable' | 'delete';

function State({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  if (!endpoint.enabled)
    return <Badge bg="secondary">{t(endpoint.disabledReason === 'failing' ? 'users.webhooks.state.failingDisabled' : 'users.webhooks.state.disabled')}</Badge>;
  if (endpoint.failingSince)
    return (
      <Badge bg="warning" text="dark">
        {t('users.webhooks.state.failing')}
      </Badge>
    );
  return <Badge bg="success">{t('users.webhooks.state.enabled')}</Badge>;
}

/** One endpoint: its address, state and events, its actions, and its delivery log on demand. */
export function WebhookCard({ endpoint, onAction }: { endpoint: WebhookEndpoint; onAction: (action: EndpointAction) => void }) {
  const { t } = useTranslation();
  const [logOpen, setLogOpen] = useState(false);
  const test = useSendWebhookTest();
  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: (attempt) => {
        setLogOpen(true);
        if (attempt.outcome === 'success') alerts.success(t('users.webhooks.test.done', { status: attempt.statusCode ?? '' }));
        else alerts.error(t('users.webhooks.test.failed'));
      },
    });
  const titleId = `webhook-${endpoint.id}-title`;
  return (
    <Card as="section" aria-labelledby={titleId} className="shadow-sm mb-3" data-testid="webhook-endpoint">
      <Card.Header className="bg-body d-flex flex-wrap align-items-center justify-content-between gap-2 py-3">
        <h2 id={titleId} className="h6 mb-0 font-monospace webhook-url">
          {displayedWebhookUrl(endpoint.url)}
        </h2>
        <State endpoint={endpoint} />
      </Card.Header>
      <Card.Body>
        {endpoint.description && <p className="mb-2">{endpoint.description}</p>}
        <dl className="small mb-3">
          <dt className="fw-semibold text-body-secondary">{t('users.webhooks.events')}</dt>
          <dd className="mb-2">
            {endpoint.eventKinds.length === eventKinds.length
              ? t('users.webhooks.allEvents')
              : endpoint.eventKinds.map((kind) => eventKindLabel(t, kind)).join(', ')}
          </dd>
          <dt className="fw-semibold text-body-secondary">{t('users.webhooks.lastSuccess')}</dt>
          <dd className="mb-2">
            {endpoint.lastSuccessAt ? <time dateTime={endpoint.lastSuccessAt}>{formatDateTime(endpoint.lastSuccessAt)}</time> : t('users.webhooks.never')}
          </dd>
          {endpoint.failingSince && (
            <>
              <dt className="fw-semibold text-body-secondary">{t('users.webhooks.failingSince')}</dt>
              <dd className="mb-2">
                <time dateTime={endpoint.failingSince}>{formatDateTime(endpoint.failingSince)}</time>
              </dd>
            </>
          )}
          {endpoint.previousSecretUntil && (
            <>
              <dt className="fw-semibold text-body-secondary">{t('users.webhooks.previousSecretUntil')}</dt>
              <dd className="mb-2">
                <time dateTime={endpoint.previousSecretUntil}>{formatDateTime(endpoint.previousSecretUntil)}</time>
              </dd>
            </>
          )}
        </dl>
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" variant="primary" onClick={sendTest} disabled={test.isPending}>
            {t('users.webhooks.test')}
          </Button>
          <Button size="sm" variant="outline-primary" onClick={() => setLogOpen(!logOpen)} aria-expanded={logOpen} aria-controls={`webhook-${endpoint.id}-log`}>
            {t(logOpen ? 'users.webhooks.hideLog' : 'users.webhooks.showLog')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => onAction('edit')}>
            {t('users.webhooks.edit')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => onAction('rotate')}>
            {t('users.webhooks.rotate')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => onAction(endpoint.enabled ? 'disable' : 'enable')}>
            {t(endpoint.enabled ? 'users.webhooks.disable' : 'users.webhooks.enable')}
          </Button>
          <Button size="sm" variant="outline-danger" onClick={() => onAction('delete')}>
            {t('users.webhooks.delete')}
          </Button>
        </div>
        {logOpen && (
          <div id={`webhook-${endpoint.id}-log`} className="mt-3">
            <h3 className="h6">{t('users.webhooks.deliveries.title')}</h3>
            <WebhookDeliveries endpointId={endpoint.id} />
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
