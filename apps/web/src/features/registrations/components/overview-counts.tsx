import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { useFormats } from '../../../lib/formats';
import { SectionCard } from '../../../components/section-card';

export interface CountRow {
  key: string;
  name: string;
  count: number;
  /** The search listing what is counted. */
  href: string;
  /** A second line under the name (e.g. the dates of a range). */
  detail?: string;
}

/**
 * A count as a link to the search listing what it counts; its name for a screen reader says what
 * is counted ('OK, 1,234 registrations'), also where the name shows beside it (`nameHidden`, a table's
 * row header). A count of 0 is plain text: there is nothing to list.
 */
export function CountLink({ row, className = '', nameHidden = false }: { row: CountRow; className?: string; nameHidden?: boolean }) {
  const { t } = useTranslation();
  const { count } = useFormats();
  const content = (
    <>
      <span className={nameHidden ? 'visually-hidden' : 'overview-count-name'}>
        {row.name}
        {row.detail && <span className="d-block small text-body-secondary">{row.detail}</span>}
      </span>
      <span className="visually-hidden">, </span>
      <span className="overview-count-value">{count(row.count)}</span>
      <span className="visually-hidden"> {t('registrations.overview.countSuffix', { count: row.count })}</span>
    </>
  );
  return row.count > 0 ? (
    <Link to={row.href} className={`overview-count ${className}`} data-count={row.key}>
      {content}
    </Link>
  ) : (
    <span className={`overview-count overview-count-zero ${className}`} data-count={row.key}>
      {content}
    </span>
  );
}

/** A card of counts, one row each, every row a link to its search. */
export function CountCard({ id, title, rows }: { id: string; title: string; rows: CountRow[] }) {
  return (
    <SectionCard id={id} title={title} className="h-100" flush testId={id}>
      <ul className="list-group list-group-flush">
        {rows.map((row) => (
          <li key={row.key} className="list-group-item p-0">
            <CountLink row={row} className="list-group-item-action" />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
