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
