import { Form } from 'react-bootstrap';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useFieldChanged } from '../lib/changed-fields';

interface TextFieldProps<T extends FieldValues> {
  form: UseFormReturn<T, unknown, FieldValues>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password';
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  placeholder?: string;
}

/** The id of the message under a field whose control has the id `controlId`. */
export const errorIdOf = (controlId: string) => `${controlId}-error`;

/**
 * The ARIA of a field that may be invalid: `aria-invalid` while its message shows, and
 * `aria-describedby` naming the message (after any hint already describing the field), so a screen
 * reader says what is wrong when the field is reached.
 */
export function invalidAria(controlId: string, error: string | undefined, hintId?: string): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const describedBy = [hintId, error ? errorIdOf(controlId) : undefined].filter(Boolean).join(' ');
  return { ...(error ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
}

/** The message under a field, with the id its control's `aria-describedby` points at. */
export function FieldError({ controlId, error }: { controlId: string; error: string | undefined }) {
  return (
    <Form.Control.Feedback type="invalid" id={errorIdOf(controlId)}>
      {error}
    </Form.Control.Feedback>
  );
}

/**
 * The error a field shows: only once the user has changed it (spec section 5), and from then on,
 * even when its value is back to the first one (lib/changed-fields.ts).
 */
export function useShownError<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, name: FieldPath<T>): string | undefined {
  const changed = useFieldChanged(form, name);
  return changed ? form.getFieldState(name, form.formState).error?.message : undefined;
}

/** A labelled text input whose validation message shows under it once the user has changed it. */
export function TextField<T extends FieldValues>({ form, name, label, type = 'text', required, disabled, autoComplete, placeholder }: TextFieldProps<T>) {
  const error = useShownError(form, name);
  const id = `field-${name.replace(/\./g, '-')}`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        )}
      </Form.Label>
      <Form.Control
        type={type}
        isInvalid={Boolean(error)}
        disabled={disabled}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-required={required}
        {...invalidAria(id, error)}
        {...form.register(name)}
      />
      <FieldError controlId={id} error={error} />
    </Form.Group>
  );
}
