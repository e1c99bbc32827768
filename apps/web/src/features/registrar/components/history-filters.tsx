import { fieldMessages, historyQuerySchema, type HistoryFilter, type HistoryKind, type Message } from '@registrar-panel/contract';
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation } from 'react-router';
import { FieldError, invalidAria } from '../../../components/form-field';
import { messageText } from '../../../lib/form';

type Values = Record<'user' | 'kind' | 'from' | 'to', string>;

const valuesOf = (filter: HistoryFilter | undefined): Values => ({
  user: filter?.user ?? '',
  kind: filter?.kind ?? '',
  from: filter?.from ?? '',
  to: filter?.to ?? '',
});

const filterText = (filter: HistoryFilter | undefined) => JSON.stringify(valuesOf(filter));

interface HistoryFiltersProps {
  /** The filter the address holds (undefined when the address's filter is wrong). */
  filter: HistoryFilter | undefined;
  /** What is wrong with the address's filter, shown on its fields. */
  messages: Message[];
  handle: string;
  /** The kinds the caller may ask for (the personal-data log for ADMIN users only). */
  kinds: readonly HistoryKind[];
  onApply: (filter: HistoryFilter) => void;
  onClear: () => void;
}

/**
 * User, kind of action and a date range; Show puts them in the address (so that a shared link runs
 * the same filter) and the page shows the first page of what matches. Checked with the contract's
 * schema, the same the API applies.
 */
export function HistoryFilters({ filter, messages, handle, kinds, onApply, onClear }: HistoryFiltersProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(filter));
  const [errors, setErrors] = useState<Message[]>(messages);
  // The form follows the address (Back, Forward, a link, Clear, another page): each navigation shows
  // its filter. Not the one this form's Show made: the address changes before the page renders it,
  // and a field changed in between would be lost (and Show again would send the old filter). Told
  // apart by the location object, new for every navigation, even back to the same address.
  const location = useLocation();
  const [shownLocation, setShownLocation] = useState(location);
  const [applied, setApplied] = useState<string | null>(null);
  if (location !== shownLocation) {
    setShownLocation(location);
    setApplied(null);
    setErrors(messages);
    if (filterText(filter) !== applied) setValues(valuesOf(filter));
  }
  const errorOf = (field: keyof Values) => {
    const found = errors.find((message) => message.field === field);
    return found ? messageText(found) : undefined;
  };
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = historyQuerySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors([]);
    const { page: _page, ...next } = parsed.data;
    setApplied(filterText(next));
    onApply(next);
  };

  const userError = errorOf('user');
  const kindError = errorOf('kind');
  const fromError = errorOf('from');
  const toError = errorOf('to');
  return (
    <Form noValidate onSubmit={submit} aria-label={t('registrar.history.filters')} data-testid="history-filters">
      <Row className="g-3 align-items-start">
        <Col xs={12} md={6} xl={3}>
          <Form.Group controlId="history-user">
            <Form.Label>{t('registrar.history.user')}</Form.Label>
            <Form.Control
              type="text"
              value={values.user}
              onChange={set('user')}
              autoComplete="off"
              spellCheck={false}
              isInvalid={userError !== undefined}
              {...invalidAria('history-user', userError, 'history-user-hint')}
            />
            <Form.Text id="history-user-hint">{t('registrar.history.userHint', { handle })}</Form.Text>
            <FieldError controlId="history-user" error={userError} />
          </Form.Group>
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Form.Group controlId="history-kind">
            <Form.Label>{t('registrar.history.kind')}</Form.Label>
            <Form.Select value={values.kind} onChange={set('kind')} isInvalid={kindError !== undefined} {...invalidAria('history-kind', kindError)}>
              <option value="">{t('registrar.history.kind.all')}</option>
              {kinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`registrar.history.kind.${kind}`)}
                </option>
              ))}
            </Form.Select>
            <FieldError controlId="history-kind" error={kindError} />
          </Form.Group>
        </Col>
        <Col xs={6} md={6} xl={3}>
          <Form.Group controlId="history-from">
            <Form.Label>{t('registrar.history.from')}</Form.Label>
            <Form.Control
              type="date"
              value={values.from}
              onChange={set('from')}
              isInvalid={fromError !== undefined}
              {...invalidAria('history-from', fromError, 'history-dates-hint')}
            />
            <FieldError controlId="history-from" error={fromError} />
          </Form.Group>
        </Col>
        <Col xs={6} md={6} xl={3}>
          <Form.Group controlId="history-to">
            <Form.Label>{t('registrar.history.to')}</Form.Label>
            <Form.Control
              type="date"
              value={values.to}
              onChange={set('to')}
              isInvalid={toError !== undefined}
              {...invalidAria('history-to', toError, 'history-dates-hint')}
            />
            <FieldError controlId="history-to" error={toError} />
          </Form.Group>
        </Col>
      </Row>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
        <Button type="submit" variant="primary">
          {t('registrar.history.apply')}
        </Button>
        <Button type="button" variant="outline-secondary" onClick={onClear}>
          {t('registrar.history.clear')}
        </Button>
        <Form.Text id="history-dates-hint" className="ms-md-auto mt-0">
          {t('registrar.history.datesHint')}
        </Form.Text>
      </div>
    </Form>
  );
}
