import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** A titled card section of the registration and contact views. */
export function SectionCard({ id, title, icon, children, className }: { id: string; title: string; icon: string; children: ReactNode; className?: string }) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className={className} data-section={id}>
      <Card.Header>
        <h2 id={`${id}-title`} className="h6 mb-0">
          <i className={`bi ${icon} me-2`} aria-hidden="true" />
          {title}
        </h2>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

export interface Detail {
  name: string;
  label: string;
  value: ReactNode;
  help?: ReactNode;
}

/** Label and value rows; a missing value shows a dash. */
export function Details({ rows }: { rows: Detail[] }) {
  return (
    <dl className="row mb-0">
      {rows.map((row) => (
        <div key={row.name} className="col-12 d-sm-flex py-1" data-field={row.name}>
          <dt className="col-sm-5 col-xl-4 pe-sm-3 fw-semibold text-body-secondary">{row.label}</dt>
          <dd className="col-sm-7 col-xl-8 mb-0 text-break">
            {row.value === '' || row.value === null || row.value === undefined ? '–' : row.value}
            {row.help && <div className="small text-body-secondary mt-1">{row.help}</div>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
