import type { EppConnectionsResponse } from '@registrar-panel/contract';
import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { StackCell, stackTableClass } from '../../../components/stack-table';
import { useFormats } from '../../../lib/formats';
import { certificateWords, refusalWords } from './connection-words';
import type { AllowListChange } from './use-allow-list-change';

/** The last successful connection, in one sentence. */
export function LastSuccess({ connection }: { connection: EppConnectionsResponse['lastSuccess'] }) {
  const { t } = useTranslation();
  const { registrationDate } = useFormats();
  return (
    <p className="mb-3" data-testid="epp-last-success">
      <span className="fw-semibold">{t('epp.security.connections.lastSuccess')}: </span>
      {connection
        ? t('epp.security.connections.lastSuccessText', {
            at: registrationDate(connection.at),
            address: connection.address,
            certificate: certificateWords(t, connection),
          })
        : t('epp.security.connections.lastSuccessNone')}
    </p>
  );
}

/** The last refused connections, newest first: when, from where, why, and what to do (with Add to the list where that is the cure). */
/** How many refusals show before 'Show all': the newest tell what is wrong now, and a phone's page stays short. */
const shownFirst = 5;

export function RefusedConnections({ refused, change }: { refused: EppConnectionsResponse['refused']; change: AllowListChange }) {
  const { t } = useTranslation();
  const { registrationDate } = useFormats();
  const [all, setAll] = useState(false);
  if (refused.length === 0) return <p className="text-body-secondary mb-0">{t('epp.security.connections.refusedNone')}</p>;
  const column = {
    at: t('epp.security.connections.column.at'),
    address: t('epp.security.connections.column.address'),
    reason: t('epp.security.connections.column.reason'),
    remedy: t('epp.security.connections.column.remedy'),
  };
  const shown = all ? refused : refused.slice(0, shownFirst);
  return (
    <>
      <Table size="sm" className={`${stackTableClass} mb-0 align-middle`} data-testid="epp-refused">
        <caption className="visually-hidden">{t('epp.security.connections.refusedTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{column.at}</th>
            <th scope="col">{column.address}</th>
            <th scope="col">{column.reason}</th>
            <th scope="col">{column.remedy}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((connection, index) => {
            const words = refusalWords(t, connection);
            const addable = connection.reason === 'addressNotAllowed' && !connection.addressAllowed;
            return (
              <tr key={`${connection.at}-${index}`} data-reason={connection.reason ?? ''}>
                <StackCell label={column.at} className="text-nowrap">
                  {registrationDate(connection.at)}
                </StackCell>
                <StackCell label={column.address} className="font-monospace connection-address">
                  {connection.address}
                </StackCell>
                <StackCell label={column.reason}>{words.reason}</StackCell>
                <StackCell label={column.remedy}>
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    <span>{words.remedy}</span>
                    {addable && (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        disabled={change.pending || change.refusal.refused}
                        aria-label={t('epp.security.connections.addLabel', { address: connection.address })}
                        onClick={() => change.add(connection.address)}
                        {...change.refusal.props}
                      >
                        {t('epp.security.connections.add')}
                      </Button>
                    )}
                  </div>
                </StackCell>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {shown.length < refused.length && (
        <Button variant="link" className="px-0 mt-2" onClick={() => setAll(true)}>
          {t('epp.security.connections.showAll', { count: refused.length })}
        </Button>
      )}
    </>
  );
}
