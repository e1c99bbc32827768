import type { EppConnectionsResponse } from '@registrar-panel/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { StackCell, stackTableClass, stackTableHalf } from '../../../components/stack-table';
import { useFormats } from '../../../lib/formats';

/** Which certificate slot the connections used over 30 days: a failover certificate never tried shows as such. */
export function CertificateUsage({ certificates }: { certificates: EppConnectionsResponse['certificates'] }) {
  const { t } = useTranslation();
  const { count, registrationDay } = useFormats();
  const column = {
    certificate: t('epp.security.connections.column.certificate'),
    lastUsed: t('epp.security.connections.column.lastUsedOn'),
    successes: t('epp.security.connections.column.successes'),
    refused: t('epp.security.connections.column.refused'),
  };
  const name = (slot: EppConnectionsResponse['certificates'][number]['slot']) =>
    slot === null ? t('epp.security.connections.certificate.goneAll') : t(`epp.security.connections.certificate.${slot}Slot`);
  return (
    <Table size="sm" className={`${stackTableClass} mb-0 align-middle`} data-testid="epp-certificate-usage">
      <caption className="visually-hidden">{t('epp.security.connections.certificatesTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{column.certificate}</th>
          <th scope="col">{column.lastUsed}</th>
          <th scope="col" className="text-md-end">
            {column.successes}
          </th>
          <th scope="col" className="text-md-end">
            {column.refused}
          </th>
        </tr>
      </thead>
      <tbody>
        {certificates.map((c) => (
          <tr key={c.slot ?? 'gone'} data-slot={c.slot ?? 'gone'}>
            <StackCell label={column.certificate} header className="fw-normal">
              {name(c.slot)}
              {c.slot !== null && c.fingerprint === null && <div className="small text-body-secondary">{t('epp.security.connections.certificate.empty')}</div>}
            </StackCell>
            <StackCell label={column.lastUsed}>
              {c.lastUsedOn
                ? registrationDay(`${c.lastUsedOn}T12:00:00Z`)
                : c.fingerprint === null && c.slot !== null
                  ? '–'
                  : t('epp.security.connections.neverUsed')}
            </StackCell>
            <StackCell label={column.successes} className={`${stackTableHalf} text-md-end`}>
              {count(c.successes)}
            </StackCell>
            <StackCell label={column.refused} className={`${stackTableHalf} text-md-end`}>
              {count(c.refused)}
            </StackCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
