import type { ReactNode } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';

export interface FormModalProps {
  /** The title's id: the dialog's name (`aria-labelledby`). */
  titleId: string;
  title: ReactNode;
  /** The field that has the focus once the dialog is open. */
  firstFieldId: string;
  cancelLabel: string;
  submitLabel: string;
  /** While saving: the submit button waits. */
  pending: boolean;
  /** On Enter or the submit button; the page is never submitted. */
  onSubmit: () => void;
  /** Escape, × and Cancel alike. */
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A dialog that is one form (add or change a rule, a webhook, an API key): the title as an h2, the
 * fields, then Cancel and the submit button. The browser's own validation is off: the fields show
 * the contract's messages. A click outside does not close it, so typed values are not lost.
 */
export function FormModal({ titleId, title, firstFieldId, cancelLabel, submitLabel, pending, onSubmit, onCancel, children }: FormModalProps) {
  return (
    <Modal show size="lg" backdrop="static" onHide={onCancel} aria-labelledby={titleId} onEntered={() => document.getElementById(firstFieldId)?.focus()}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="primary" disabled={pending}>
            {submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
