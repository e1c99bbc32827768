import { Form } from 'react-bootstrap';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

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

/** Whether a field shows its error: only once the user changed it (spec section 5). */
export function shownError<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>, name: FieldPath<T>): string | undefined {
  const state = form.getFieldState(name, form.formState);
  return state.isDirty ? state.error?.message : undefined;
}

/** A labelled text input whose validation message shows under it once the field is dirty. */
export function TextField<T extends FieldValues>({ form, name, label, type = 'text', required, disabled, autoComplete, placeholder }: TextFieldProps<T>) {
  const error = shownError(form, name);
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
        {...form.register(name)}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
