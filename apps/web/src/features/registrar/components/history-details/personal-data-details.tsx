import type { PersonalDataHistoryEntry } from '@registrar-panel/contract';
import translator from '../../../../lib/translator';
import { useTranslation } from '../../../../lib/use-translation';
import { BreakableText } from '../../../../components/breakable-text';
import { Labelled, Lines } from './lines';

/** The call's parameters as `name=value`, each value as the API read it. */
const parameterText = (params: Record<string, unknown>): string =>
  Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');

/**
 * An entry of the personal-data log (ADMIN only): what was viewed (the page's or call's name, with
 * its route), the parameters, the rows answered and the contact handles shown.
 */
export function PersonalDataDetails({ details }: { details: Partial<PersonalDataHistoryEntry['details']> }) {
  const { t } = useTranslation();
  const operationKey = `registrar.history.personalData.${details.operation ?? ''}`;
  const viewed = translator.exists(operationKey) ? t(operationKey) : details.operation;
  const params = details.params ? parameterText(details.params) : '';
  return (
    <Lines>
      {viewed && (
        <li>
          <Labelled label={t('registrar.history.details.viewed')}>{viewed}</Labelled>
          {details.rows !== undefined && (
            <span className="text-body-secondary">
              {' · '}
              <span className="text-nowrap">{t('registrar.history.details.rows', { count: details.rows })}</span>
            </span>
          )}
        </li>
      )}
      {details.route && (
        <li>
          <Labelled label={t('registrar.history.details.call')}>
            <code className="text-body-secondary text-nowrap">{details.route}</code>
          </Labelled>
        </li>
      )}
      {params && (
        <li>
          <Labelled label={t('registrar.history.details.parameters')}>
            <BreakableText text={params} />
          </Labelled>
        </li>
      )}
      {details.handles && details.handles.length > 0 && (
        <li>
          <Labelled label={t('registrar.history.details.handles')}>
            <BreakableText text={details.handles.join(', ')} />
          </Labelled>
        </li>
      )}
    </Lines>
  );
}
