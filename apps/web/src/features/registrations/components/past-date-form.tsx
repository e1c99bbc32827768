import { formatDay, isCalendarDate, parseDay } from '@registrar-panel/contract';
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The dates a page of the registrations' past asks for, in the portal's date style (YYYY/MM/DD); a
 * day means its end in Brussels. Submitted, each is handed on as `YYYY-MM-DD` for the address.
 */
export function PastDateForm<Name extends string>({
  fields,
  values,
  submitLabel,
  onSubmit,
}: {
  fields: readonly { name: Name; label: string }[];
  values: Partial<Record<Name, string>>;
  submitLabel: string;
  onSubmit: (days: Record<Name, string>) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(fields.map(({ name }) => [name, formatDay(values[name]) || ''])));
  const [invalid, setInvalid] = useState<string[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = Object.fromEntries(fields.map(({ name }) => [name, parseDay(typed[name] ?? '')])) as Record<Name, string>;
    const wrong = fields.filter(({ name }) => !isCalendarDate(days[name])).map(({ name }) => name);
    setInvalid(wrong);
    if (wrong.length === 0) onSubmit(days);
  };
  return (
    <Form noValidate onSubmit={submit} className="d-flex flex-wrap align-items-end gap-3 mb-4" data-testid="past-date-form">
      {fields.map(({ name, label }) => (
        <Form.Group key={name} controlId={`past-${name}`}>
          <Form.Label>{label}</Form.Label>
          <Form.Control
            value={typed[name] ?? ''}
            placeholder={t('registrations.past.dateFormat')}
            onChange={(event) => setTyped({ ...typed, [name]: event.target.value })}
            isInvalid={invalid.includes(name)}
            aria-invalid={invalid.includes(name) || undefined}
            aria-describedby={invalid.includes(name) ? `past-${name}-error` : undefined}
          />
          <Form.Control.Feedback type="invalid" id={`past-${name}-error`}>
            {t('search.filter.date.format')}
          </Form.Control.Feedback>
        </Form.Group>
      ))}
      <Button type="submit" variant="primary">
        {submitLabel}
      </Button>
    </Form>
  );
}
