import { useRef, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { Icon } from './icon';

export interface ConfirmDialogProps {
  /** Ties the title to the dialog (`aria-labelledby`). */
  id: string;
  show?: boolean;
  title: ReactNode;
  /** An icon before the title (a Bootstrap icon's SVG), with its colour class. */
  titleIcon?: { svg: string; className: string };
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** The confirm button's look: `danger` for what cannot be undone. */
  confirmVariant: 'danger' | 'primary';
  confirmIcon?: string;
  /** While the confirmed change is on its way: the confirm button waits. */
  pending?: boolean;
  size?: 'sm' | 'lg';
  centered?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a change. The dialog starts on the harmless choice, once shown: react-bootstrap first
 * focuses the dialog itself and notes the opener, to return to it on closing, so Cancel is focused
 * when the dialog has entered, not at its first render.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const {
    id,
    show = true,
    title,
    titleIcon,
    children,
    cancelLabel,
    confirmLabel,
    confirmVariant,
    confirmIcon,
    pending = false,
    size,
    centered,
    onCancel,
    onConfirm,
  } = props;
  return (
    <Modal show={show} size={size} centered={centered} onHide={onCancel} aria-labelledby={`${id}-title`} onEntered={() => cancel.current?.focus()}>
      <Modal.Header closeButton>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {titleIcon && <Icon svg={titleIcon.svg} className={`${titleIcon.className} me-2`} />}
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button ref={cancel} variant="outline-secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={pending}>
          {confirmIcon && <Icon svg={confirmIcon} className="me-2" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
