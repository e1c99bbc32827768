import { eppConnectionWindows, type EppConnectionsResponse } from '@registrar-panel/contract';
import { Badge, Button, Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { StackCell, stackTableClass } from '../../../components/stack-table';
import { useFormats } from '../../../lib/formats';
import type { AllowListChange } from './use-allow-list-change';

/** Each allowed IP address with its last successful connection; those unused for 90 days marked, with Remove. */
export function AllowListUsage({ addresses, change }: { addresses: EppConnectionsResponse['addresses']; change: AllowListChange }) {
  const { t } = useTranslation();
  const { registrationDate } = useFormats();
  if (addresses.length === 0) return <p className="text-body-secondary mb-0">{t('epp.security.connections.addressesNone')}</p>;
  const column = { address: t('epp.security.connections.column.address'), lastUsed: t('epp.security.connections.column.lastUsed') };
  const days = eppConnectionWindows.unusedDays;
  return (
    <Table size="sm" className={`${stackTableClass} mb-0 align-middle`} data-testid="epp-allow-list">
      <caption className="visually-hidden">{t('epp.security.connections.addressesTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{column.address}</th>
          <th scope="col">{column.lastUsed}</th>
          <th scope="col">
            <span className="visually-hidden">{t('epp.security.connections.column.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {addresses.map((entry) => (
          <tr key={entry.address} data-address={entry.address}>
            <StackCell label={column.address} header className="font-monospace connection-address fw-normal">
              {entry.address}
            </StackCell>
            <StackCell label={column.lastUsed}>
              <div className="d-flex flex-wrap align-items-center gap-2">
                <span>{entry.lastUsedAt ? registrationDate(entry.lastUsedAt) : t('epp.security.connections.neverUsed')}</span>
                {entry.unused && (
                  <Badge bg="warning" text="dark">
                    {t('epp.security.connections.unused', { days })}
                  </Badge>
                )}
              </div>
            </StackCell>
            <StackCell label={t('epp.security.connections.column.actions')} className="text-md-end">
              {entry.unused ? (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={change.pending || change.refusal.refused}
                  aria-label={t('epp.security.connections.removeLabel', { address: entry.address })}
                  onClick={() => change.remove(entry.address)}
                  {...change.refusal.props}
                >
                  {t('epp.security.connections.remove')}
                </Button>
              ) : (
                <span aria-hidden="true">–</span>
              )}
            </StackCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
