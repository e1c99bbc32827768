import type { AuditDetails } from '@registrar-panel/contract';
import type { TFunction } from '../../../../lib/translator';
import translator from '../../../../lib/translator';
import { useTranslation } from '../../../../lib/use-translation';
import { BreakableText } from '../../../../components/breakable-text';
import { Labelled, Lines, text } from './lines';

type Details<A extends keyof AuditDetails> = Partial<AuditDetails[A]>;
type DownloadDetailsOf =
  | Details<'download.domainReport'>
  | Details<'download.billing'>
  | Details<'download.searchExport'>
  | Details<'download.forecast'>
  | Details<'download.historyExport'>
  | Details<'download.reconciliation'>
  | Details<'download.portfolioOnDate'>
  | Details<'download.portfolioChanges'>;

const filterLabels: Record<string, string> = {
  user: 'registrar.history.user',
  kind: 'registrar.history.kind',
  from: 'registrar.history.from',
  to: 'registrar.history.to',
};

/** One filter of an export as the filter form names it: 'Kind of action: Contact changes'. */
function filterText(t: TFunction, name: string, value: string): string {
  const label = filterLabels[name];
  if (!label) return `${name}: ${value}`;
  const kindKey = `registrar.history.kind.${value}`;
  return `${t(label)}: ${name === 'kind' && translator.exists(kindKey) ? t(kindKey) : value}`;
}

/** A file downloaded (or uploaded for a reconciliation): its name, the records it held, and the history export's filter. */
export function DownloadDetails({ details }: { details: DownloadDetailsOf }) {
  const { t } = useTranslation();
  const fileName = text(details.fileName);
  const rows = 'rows' in details ? details.rows : undefined;
  return (
    <Lines>
      {fileName && (
        <li>
          <Labelled label={t('registrar.history.details.file')}>
            <BreakableText text={fileName} />
          </Labelled>
          {rows !== undefined && <span className="text-body-secondary"> · {t('registrar.history.details.rows', { count: rows })}</span>}
        </li>
      )}
      {'filter' in details && details.filter && (
        <li>
          <Labelled label={t('registrar.history.details.filter')}>{filterLine(t, details.filter)}</Labelled>
        </li>
      )}
    </Lines>
  );
}

function filterLine(t: TFunction, filter: Record<string, string | undefined>): string {
  const chosen = Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  return chosen.length > 0 ? chosen.map(([name, value]) => filterText(t, name, value)).join(', ') : t('registrar.history.details.noFilter');
}
