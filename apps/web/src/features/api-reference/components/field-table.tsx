import { Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { StackCell, stackTableClass } from '../../../components/stack-table';
import type { FieldRow } from '../reference-model';
import { InlineText } from './inline-text';

/** Fields of a body or of an answer's data, nested ones indented under their parent; cards on a phone. */
export function FieldTable({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <Table size="sm" className={`${stackTableClass} api-table mb-0`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('apiReference.column.name')}</th>
          <th scope="col">{t('apiReference.column.type')}</th>
          <th scope="col">{t('apiReference.column.description')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <StackCell label={t('apiReference.column.name')} header className="api-field-name" data-depth={row.depth}>
              <code>{row.name}</code>{' '}
              <span className={`api-field-required ${row.required ? 'text-danger-emphasis' : 'text-body-secondary'}`}>
                {row.required ? t('apiReference.required') : t('apiReference.optional')}
              </span>
            </StackCell>
            <StackCell label={t('apiReference.column.type')}>
              <span className="api-type">{row.type}</span>
            </StackCell>
            <StackCell label={t('apiReference.column.description')} className={row.description || row.rules.length > 0 ? undefined : 'api-empty'}>
              {row.description && <InlineText text={row.description} />}
              {row.rules.length > 0 && <div className="small text-body-secondary">{row.rules.join('; ')}</div>}
            </StackCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
