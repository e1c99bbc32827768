import type { OpenApiDocument, OpenApiOperation } from '@registrar-panel/contract/api';
import { Table } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { StackCell, stackTableClass, stackTableHalf } from '../../../components/stack-table';
import { dataSchemaOf, fieldRows, responseRows, schemaRules, typeLabel } from '../reference-model';
import { FieldTable } from './field-table';
import { InlineText } from './inline-text';

/** What an operation takes and answers: parameters, body fields, each status with its message keys, the data's fields, a curl call. */
export function OperationDetails({ document, operation }: { document: OpenApiDocument; operation: OpenApiOperation }) {
  const { t } = useTranslation();
  const body = operation.requestBody?.content['application/json']?.schema;
  const success = responseRows(operation).find(({ status }) => status.startsWith('2'));
  const data = success ? dataSchemaOf(document, success.response) : undefined;
  const sample = operation['x-codeSamples'][0];
  return (
    <div className="d-flex flex-column gap-3 mt-2">
      {operation.parameters.length > 0 && (
        <section>
          <h4 className="h6">{t('apiReference.parameters')}</h4>
          <Table size="sm" className={`${stackTableClass} api-table mb-0`}>
            <caption className="visually-hidden">{t('apiReference.parameters')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('apiReference.column.name')}</th>
                <th scope="col">{t('apiReference.column.in')}</th>
                <th scope="col">{t('apiReference.column.type')}</th>
                <th scope="col">{t('apiReference.column.description')}</th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((parameter) => (
                <tr key={`${parameter.in}-${parameter.name}`}>
                  <StackCell label={t('apiReference.column.name')} header>
                    <code>{parameter.name}</code>{' '}
                    <span className={`api-field-required ${parameter.required ? 'text-danger-emphasis' : 'text-body-secondary'}`}>
                      {parameter.required ? t('apiReference.required') : t('apiReference.optional')}
                    </span>
                  </StackCell>
                  <StackCell label={t('apiReference.column.in')} className={stackTableHalf}>
                    {t(`apiReference.in.${parameter.in}`)}
                  </StackCell>
                  <StackCell label={t('apiReference.column.type')} className={stackTableHalf}>
                    <span className="api-type">{typeLabel(parameter.schema)}</span>
                  </StackCell>
                  <StackCell label={t('apiReference.column.description')}>
                    {parameter.description && <InlineText text={parameter.description} />}
                    {schemaRules(parameter.schema).length > 0 && <div className="small text-body-secondary">{schemaRules(parameter.schema).join('; ')}</div>}
                  </StackCell>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
      {body && (
        <section>
          <h4 className="h6">{t('apiReference.body')}</h4>
          <FieldTable rows={fieldRows(document, body)} caption={t('apiReference.body')} />
        </section>
      )}
      <section>
        <h4 className="h6">{t('apiReference.responses')}</h4>
        <Table size="sm" className={`${stackTableClass} api-table mb-0`}>
          <caption className="visually-hidden">{t('apiReference.responses')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('apiReference.column.status')}</th>
              <th scope="col">{t('apiReference.column.answer')}</th>
              <th scope="col">{t('apiReference.column.keys')}</th>
            </tr>
          </thead>
          <tbody>
            {responseRows(operation).map(({ status, response, mediaType }) => (
              <tr key={status} data-status={status}>
                <StackCell label={t('apiReference.column.status')} header>
                  <span className={`api-status api-status-${status.charAt(0)}xx`}>{status}</span>
                </StackCell>
                <StackCell label={t('apiReference.column.answer')}>
                  <InlineText text={response.description} />
                  {mediaType === 'text/csv' && <div className="small text-body-secondary">{t('apiReference.csv')}</div>}
                </StackCell>
                <StackCell label={t('apiReference.column.keys')}>
                  {response['x-message-keys']?.length ? (
                    <ul className="list-unstyled mb-0 api-keys-list">
                      {response['x-message-keys'].map((key) => (
                        <li key={key}>
                          <code>{key}</code>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-body-secondary">{t('apiReference.noKeys')}</span>
                  )}
                </StackCell>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      {data && (
        <section>
          <h4 className="h6">{t('apiReference.data')}</h4>
          <FieldTable rows={fieldRows(document, data)} caption={t('apiReference.data')} />
        </section>
      )}
      {sample && (
        <section>
          <h4 className="h6">{t('apiReference.example')}</h4>
          <pre className="api-sample mb-0">
            <code>{sample.source}</code>
          </pre>
        </section>
      )}
    </div>
  );
}
