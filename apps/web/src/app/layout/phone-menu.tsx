import type { ReactNode } from 'react';
import { Offcanvas } from 'react-bootstrap';

interface PhoneMenuProps {
  show: boolean;
  onHide: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}

/**
 * The menu as a slide-in panel on phones: react-bootstrap's Offcanvas (a modal dialog with its
 * backdrop, focus and Escape handling). side-menu.tsx loads it the first time the menu opens, so a
 * laptop, where the menu is a plain column, never downloads it.
 */
export default function PhoneMenu({ show, onHide, title, closeLabel, children }: PhoneMenuProps) {
  return (
    <Offcanvas id="app-menu" show={show} onHide={onHide} responsive="lg" placement="start" className="app-sidebar" aria-labelledby="app-menu-title">
      <Offcanvas.Header closeButton closeLabel={closeLabel}>
        <Offcanvas.Title id="app-menu-title">{title}</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="flex-column">{children}</Offcanvas.Body>
    </Offcanvas>
  );
}
