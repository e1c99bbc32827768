import { formatDateTime, type WebhookAttempt } from '@registrar-panel/contract';
import { useState } from 'react';
import { Badge, Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { StackCell, stackTableClass } from '../../../../components/stack-table';
import { alerts } from '../../../../lib/alerts';
import { eventKindLabel } from '../../../../lib/event-kind-labels';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhook } from '../api/redeliver-webhook';

const outcomeVariant = { success: 'success', failure: 'warning', failed: 'danger' } as const;

/** What the receiver answered: its status code, or why there was none. */
function Answer({ attempt }: { attempt: WebhookAttempt }) {
  const { t } = useTranslation();
  if (attempt.error)
    return (
      <>
        {attempt.statusCode ? `${attempt.statusCode} · ` : ''}
        {t(`users.webhooks.error.${attempt.error}`)}
      </>
    );
  return <>{attempt.statusCode}</>;
}

/** An endpoint's delivery log, newest first, each attempt with Redeliver. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const redeliver = useRedeliverWebhook();
  const again = (attempt: WebhookAttempt) =>
    redeliver.mutate(
      { id: endpointId, deliveryId: attempt.id },
      {
        onSuccess: (result) =>
          result.outcome === 'success' ? alerts.success(t('users.webhooks.redeliver.done')) : alerts.error(t('users.webhooks.redeliver.failed')),
      },
    );
  if (deliveries.isPending) return <Spinner animation="border" size="sm" role="status" />;
  if (deliveries.isError) return <p className="text-danger mb-0">{t('users.webhooks.deliveries.loadFailed')}</p>;
  const { deliveries: attempts, hasMore } = deliveries.data;
  if (attempts.length === 0) return <p className="text-body-secondary mb-0">{t('users.webhooks.deliveries.empty')}</p>;
  return (
    <>
      <Table size="sm" className={`${stackTableClass} mb-2 align-middle`} data-testid="webhook-deliveries">
        <thead>
          <tr>
            <th scope="col">{t('users.webhooks.deliveries.time')}</th>
            <th scope="col">{t('users.webhooks.deliveries.event')}</th>
            <th scope="col">{t('users.webhooks.deliveries.outcome')}</th>
            <th scope="col">{t('users.webhooks.deliveries.answer')}</th>
            <th scope="col">{t('users.webhooks.deliveries.latency')}</th>
            <th scope="col">{t('users.webhooks.deliveries.attempt')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('users.webhooks.deliveries.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt) => (
            <tr key={attempt.id}>
              <StackCell label={t('users.webhooks.deliveries.time')}>
                <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time>
              </StackCell>
              <StackCell label={t('users.webhooks.deliveries.event')}>
                {attempt.trigger === 'test' ? t('users.webhooks.testEvent') : eventKindLabel(t, attempt.eventKind)}
                {attempt.trigger === 'redelivery' && <span className="text-body-secondary small"> · {t('users.webhooks.deliveries.redelivered')}</span>}
              </StackCell>
              <StackCell label={t('users.webhooks.deliveries.outcome')}>
                <Badge bg={outcomeVariant[attempt.outcome]} text={attempt.outcome === 'failure' ? 'dark' : undefined}>
                  {t(`users.webhooks.outcome.${attempt.outcome}`)}
                </Badge>
              </StackCell>
              <StackCell label={t('users.webhooks.deliveries.answer')}>
                <Answer attempt={attempt} />
              </StackCell>
              <StackCell label={t('users.webhooks.deliveries.latency')}>{t('users.webhooks.deliveries.ms', { ms: attempt.latencyMs })}</StackCell>
              <StackCell label={t('users.webhooks.deliveries.attempt')}>{attempt.attempt}</StackCell>
              <StackCell label={t('users.webhooks.deliveries.actions')}>
                <Button size="sm" variant="outline-primary" disabled={redeliver.isPending} onClick={() => again(attempt)}>
                  {t('users.webhooks.redeliver')}
                </Button>
              </StackCell>
            </tr>
          ))}
        </tbody>
      </Table>
      {(page > 1 || hasMore) && (
        <div className="d-flex gap-2">
          <Button size="sm" variant="outline-secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t('users.webhooks.deliveries.newer')}
          </Button>
          <Button size="sm" variant="outline-secondary" disabled={!hasMore} onClick={() => setPage(page + 1)}>
            {t('users.webhooks.deliveries.older')}
          </Button>
        </div>
      )}
    </>
  );
}
