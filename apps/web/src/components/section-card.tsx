import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { Icon } from './icon';

export interface SectionCardProps {
  /** The section's id: its title is `{id}-title`, which names the section (`aria-labelledby`). */
  id: string;
  title: ReactNode;
  /** A Bootstrap icon's SVG before the title. */
  icon?: string;
  /** Controls at the header's end (a download button), wrapping under the title on a phone. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
  /** Below the body, at its end (an Update link). */
  footer?: ReactNode;
  /** The children go straight into the card (a flush list group), not into a padded body. */
  flush?: boolean;
  testId?: string;
}

/**
 * A titled card section, the portal's one way of drawing a block of a page: a `<section>` named by
 * its `<h2>` (the page's `<h1>` is its title), so screen readers list it among the page's regions.
 */
export function SectionCard({ id, title, icon, actions, children, className, bodyClassName, footer, flush, testId }: SectionCardProps) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className={className} data-section={id} data-testid={testId}>
      <Card.Header className={actions ? 'd-flex flex-wrap align-items-center justify-content-between gap-2' : undefined}>
        <h2 id={`${id}-title`} className="h6 mb-0">
          {icon && <Icon svg={icon} className="me-2" />}
          {title}
        </h2>
        {actions}
      </Card.Header>
      {flush ? children : <Card.Body className={bodyClassName}>{children}</Card.Body>}
      {footer && <Card.Footer className="bg-transparent border-0 pt-0 pb-3 d-flex justify-content-end">{footer}</Card.Footer>}
    </Card>
  );
}
