import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { Icon } from '../../../components/icon';

/** A titled card section of the registration and contact views; `icon` is a Bootstrap icon's SVG file. */
export function SectionCard({ id, title, icon, children, className }: { id: string; title: string; icon: string; children: ReactNode; className?: string }) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className={className} data-section={id}>
      <Card.Header>
        <h2 id={`${id}-title`} className="h6 mb-0">
          <Icon svg={icon} className="me-2" />
          {title}
        </h2>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}
