import type { ReactNode } from 'react';
import { visible } from '../lib/visible-text';
import { wrapWordsClass } from './breakable-text';

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** For tests and the e2e checks: a stable name of the row. */
  name?: string;
  /** A short explanation under the value. */
  help?: ReactNode;
}

const empty = (value: ReactNode) => value === '' || value === null || value === undefined;

function Value({ row }: { row: DetailRow }) {
  return (
    <>
      {empty(row.value) ? '–' : typeof row.value === 'string' ? visible(row.value) : row.value}
      {row.help && <div className="small text-body-secondary mt-1">{row.help}</div>}
    </>
  );
}

/** Column widths of label and value on wide screens: `wide` labels suit half-width cards. */
const columns = {
  normal: { label: 'col-sm-4 col-lg-3', value: 'col-sm-8 col-lg-9' },
  wide: { label: 'col-sm-5 col-xl-4', value: 'col-sm-7 col-xl-8' },
};

/**
 * Label and value rows: two columns on wide screens, stacked on phones, or always stacked
 * (`stacked`) in narrow cards. Empty values show a dash.
 */
export function DetailList({ rows, stacked = false, labels = 'normal' }: { rows: DetailRow[]; stacked?: boolean; labels?: keyof typeof columns }) {
  if (stacked) {
    return (
      <dl className="mb-0 detail-list detail-list-stacked">
        {rows.map((row) => (
          <div key={row.name ?? row.label} className="mb-2" data-field={row.name}>
            <dt className="small fw-semibold text-body-secondary">{row.label}</dt>
            <dd className={`mb-0 ${wrapWordsClass}`}>
              <Value row={row} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  const { label, value } = columns[labels];
  return (
    <dl className="row mb-0 detail-list">
      {rows.map((row) => (
        <div key={row.name ?? row.label} className="col-12 d-sm-flex py-1" data-field={row.name}>
          <dt className={`${label} pe-sm-3 fw-semibold text-body-secondary`}>{row.label}</dt>
          <dd className={`${value} mb-0 ${wrapWordsClass}`}>
            <Value row={row} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
