import { formatDateTime, formatDay, type ApiKey } from '@registrar-panel/contract';
import { Button, Table } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { wrapWordsClass } from '../../../../components/breakable-text';
import { Icon } from '../../../../components/icon';
import { useRefusal } from '../../../../components/refusable';
import { anyAddressLabel } from '../../../../lib/api-key-labels';
import { visible } from '../../../../lib/visible-text';
import { StackCell, stackTableClass, stackTableHalf } from '../../../../components/stack-table';
import { ApiKeyScopeBadges, ApiKeyStateBadge } from './api-key-badges';
import slashCircleIcon from 'bootstrap-icons/icons/slash-circle.svg?raw';

/** A time in Brussels on at most two lines, the day and the time with its zone, each kept whole. */
function DateTime({ value }: { value: string }) {
  const [day, time] = formatDateTime(value).split(/ (.*)/);
  return (
    <time dateTime={value} className="d-block">
      <span className="text-nowrap">{day}</span> <span className="text-nowrap">{time}</span>
    </time>
  );
}

/**
 * The registrar's keys, newest first: name and prefix, scopes, addresses, expiry, state, last use,
 * creation, and 'Revoke' while a key works. On a phone each key is a card.
 */
export function ApiKeysTable({ apiKeys, onRevoke }: { apiKeys: ApiKey[]; onRevoke: (apiKey: ApiKey) => void }) {
  const { t } = useTranslation();
  // Revoking stays possible while the registrar is suspended (a leaked key must stay stoppable): the status rule says so, not this page.
  const revokeRefusal = useRefusal('DELETE /apiKeys/:id');
  const labels = {
    name: t('users.apiKeys.list.name'),
    scopes: t('users.apiKeys.list.scopes'),
    addresses: t('users.apiKeys.list.addresses'),
    expires: t('users.apiKeys.list.expires'),
    state: t('users.apiKeys.list.state'),
    lastUse: t('users.apiKeys.list.lastUse'),
    created: t('users.apiKeys.list.created'),
    actions: t('users.apiKeys.list.actions'),
  };
  return (
    <Table className={`mb-0 align-top api-keys-table ${stackTableClass}`} data-testid="api-keys-table">
      <thead className="table-light">
        <tr>
          <th scope="col">{labels.name}</th>
          <th scope="col">{labels.scopes}</th>
          <th scope="col">{labels.addresses}</th>
          <th scope="col">{labels.expires}</th>
          <th scope="col">{labels.state}</th>
          <th scope="col">{labels.lastUse}</th>
          <th scope="col">{labels.created}</th>
          <th scope="col">
            <span className="visually-hidden">{labels.actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {apiKeys.map((apiKey) => (
          <tr key={apiKey.id} data-api-key={apiKey.prefix} data-state={apiKey.state} className={apiKey.state === 'active' ? undefined : 'api-key-inactive'}>
            <StackCell label={labels.name} header className={wrapWordsClass}>
              <span className="d-block fw-semibold">{visible(apiKey.name)}</span>
              <code className="api-key-prefix" title={t('users.apiKeys.list.prefix', { prefix: apiKey.prefix })}>
                {apiKey.prefix}…
              </code>
            </StackCell>
            <StackCell label={labels.scopes}>
              <ApiKeyScopeBadges scopes={apiKey.scopes} />
            </StackCell>
            <StackCell label={labels.addresses}>
              {apiKey.allowedAddresses.length === 0 ? (
                <span className="text-body-secondary">{anyAddressLabel(t)}</span>
              ) : (
                <ul className="list-unstyled mb-0 font-monospace small">
                  {apiKey.allowedAddresses.map((address) => (
                    <li key={address} className="api-key-address">
                      {address}
                    </li>
                  ))}
                </ul>
              )}
            </StackCell>
            <StackCell label={labels.expires} className={`text-nowrap ${stackTableHalf}`}>
              <time dateTime={apiKey.expiresOn}>{formatDay(apiKey.expiresOn)}</time>
            </StackCell>
            <StackCell label={labels.state} className={stackTableHalf}>
              <ApiKeyStateBadge state={apiKey.state} />
              {apiKey.revokedAt && (
                <span className={`d-block small text-body-secondary mt-1 ${wrapWordsClass}`}>
                  {t('users.apiKeys.list.revokedBy', { time: formatDateTime(apiKey.revokedAt), user: apiKey.revokedBy ?? '' })}
                </span>
              )}
            </StackCell>
            <StackCell label={labels.lastUse} data-testid="api-key-last-use">
              {apiKey.lastUsedAt ? (
                <>
                  <DateTime value={apiKey.lastUsedAt} />
                  {apiKey.lastUsedIp && (
                    <span className="small text-body-secondary text-break">{t('users.apiKeys.list.fromIp', { ip: apiKey.lastUsedIp })}</span>
                  )}
                </>
              ) : (
                <span className="text-body-secondary text-nowrap">{t('users.apiKeys.list.neverUsed')}</span>
              )}
            </StackCell>
            <StackCell label={labels.created} className={wrapWordsClass}>
              <DateTime value={apiKey.createdAt} />
              <span className="small text-body-secondary">{t('users.apiKeys.list.by', { user: apiKey.createdBy })}</span>
            </StackCell>
            <td className="text-end api-key-actions">
              {/* An expired key cannot be used or renewed: revoking it would change nothing. */}
              {apiKey.state === 'active' && (
                <Button
                  variant="outline-danger"
                  size="sm"
                  className="text-nowrap"
                  onClick={() => onRevoke(apiKey)}
                  aria-label={t('users.apiKeys.list.revokeLabel', { name: apiKey.name })}
                  disabled={revokeRefusal.refused}
                  {...revokeRefusal.props}
                >
                  <Icon svg={slashCircleIcon} className="me-1" />
                  {t('users.apiKeys.list.revoke')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
