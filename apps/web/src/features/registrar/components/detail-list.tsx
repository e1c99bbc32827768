import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** For tests and the e2e checks: a stable name of the row. */
  name?: string;
}

const empty = (value: ReactNode) => value === '' || value === null || value === undefined;

/**
 * Label and value rows: two columns on wide screens, stacked on phones, or always stacked
 * (`stacked`) in narrow cards. Empty values show a dash.
 */
export function DetailList({ rows, stacked = false }: { rows: DetailRow[]; stacked?: boolean }) {
  if (stacked) {
    return (
      <dl className="mb-0 detail-list detail-list-stacked">
        {rows.map((row) => (
          <div key={row.label} className="mb-2" data-field={row.name}>
            <dt className="small fw-semibold text-body-secondary">{row.label}</dt>
            <dd className="mb-0 text-break">{empty(row.value) ? '–' : row.value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className="row mb-0 detail-list">
      {rows.map((row) => (
        <div key={row.label} className="col-12 d-sm-flex py-1" data-field={row.name}>
          <dt className="col-sm-4 col-lg-3 fw-semibold text-body-secondary">{row.label}</dt>
          <dd className="col-sm-8 col-lg-9 mb-0 text-break">{empty(row.value) ? '–' : row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
