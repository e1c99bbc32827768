import { inboxMessageKinds } from '@registrar-panel/contract';
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation } from 'react-router';
import { FieldError, invalidAria } from '../../../components/form-field';
import type { MessageFilter } from '../messages-location';

type Values = { kind: string; unread: boolean; from: string; to: string; domain: string };

const valuesOf = (filter: MessageFilter): Values => ({
  kind: filter.kind ?? '',
  unread: filter.unread === 'true',
  from: filter.from ?? '',
  to: filter.to ?? '',
  domain: filter.domain ?? '',
});

const filterOf = (values: Values): MessageFilter => {
  const kind = inboxMessageKinds.find((k) => k === values.kind);
  const domain = values.domain.trim();
  return {
    ...(kind ? { kind } : {}),
    ...(values.unread ? { unread: 'true' as const } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(domain ? { domain } : {}),
  };
};

/**
 * Kind, unread only, a range of Brussels days (both included) and a domain name; Show puts them in
 * the address, so a reload or a shared link shows the same messages. The kinds are the contract's list of the inbox's (the registry's and the rules' hits).
 */
export function MessageFilters({ filter, onApply, onClear }: { filter: MessageFilter; onApply: (filter: MessageFilter) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(filter));
  const [datesError, setDatesError] = useState<string>();
  // The form follows the address (Back, Forward, Clear): each navigation shows its filter.
  const location = useLocation();
  const [shownLocation, setShownLocation] = useState(location);
  if (location !== shownLocation) {
    setShownLocation(location);
    setValues(valuesOf(filter));
    setDatesError(undefined);
  }
  const set = (field: 'kind' | 'from' | 'to' | 'domain') => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.from && values.to && values.from > values.to) {
      setDatesError(t('messages.filters.toBeforeFrom'));
      return;
    }
    setDatesError(undefined);
    onApply(filterOf(values));
  };

  return (
    <Form noValidate onSubmit={submit} aria-label={t('messages.filters')} data-testid="message-filters">
      <Row className="g-3 align-items-start">
        <Col xs={12} md={6} xl={3}>
          <Form.Group controlId="messages-kind">
            <Form.Label>{t('messages.filters.kind')}</Form.Label>
            <Form.Select value={values.kind} onChange={set('kind')}>
              <option value="">{t('messages.filters.allKinds')}</option>
              {inboxMessageKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`messages.kind.${kind}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} md={6} xl={3}>
          <Form.Group controlId="messages-domain">
            <Form.Label>{t('messages.filters.domain')}</Form.Label>
            <Form.Control type="text" value={values.domain} onChange={set('domain')} maxLength={253} autoComplete="off" spellCheck={false} />
          </Form.Group>
        </Col>
        <Col xs={6} xl={3}>
          <Form.Group controlId="messages-from">
            <Form.Label>{t('messages.filters.from')}</Form.Label>
            <Form.Control type="date" value={values.from} onChange={set('from')} />
          </Form.Group>
        </Col>
        <Col xs={6} xl={3}>
          <Form.Group controlId="messages-to">
            <Form.Label>{t('messages.filters.to')}</Form.Label>
            <Form.Control
              type="date"
              value={values.to}
              onChange={set('to')}
              isInvalid={datesError !== undefined}
              {...invalidAria('messages-to', datesError, 'messages-dates-hint')}
            />
            <FieldError controlId="messages-to" error={datesError} />
          </Form.Group>
        </Col>
      </Row>
      <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
        <Form.Check
          className="col-12 col-md-auto mb-0"
          id="messages-unread"
          type="switch"
          label={t('messages.filters.unread')}
          checked={values.unread}
          onChange={(event) => setValues((current) => ({ ...current, unread: event.target.checked }))}
        />
        <Button type="submit" variant="primary">
          {t('messages.filters.apply')}
        </Button>
        <Button type="button" variant="outline-secondary" onClick={onClear}>
          {t('messages.filters.clear')}
        </Button>
        <Form.Text id="messages-dates-hint" className="ms-md-auto mt-0">
          {t('messages.filters.datesHint')}
        </Form.Text>
      </div>
    </Form>
  );
}
