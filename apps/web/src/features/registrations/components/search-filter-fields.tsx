import { gracePeriodFilterValues, lifecycleOrder, registrationLabels } from '@registrar-panel/contract';
import { Button, Form } from 'react-bootstrap';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { FieldError, invalidAria } from '../../../components/form-field';
import { useFieldChanged } from '../../../lib/changed-fields';
import type { SearchFormValues, SearchRequest } from '../search-filters';
import type { SearchFilterName } from '../search-location';

type SearchFormApi = UseFormReturn<SearchFormValues, unknown, SearchRequest>;

interface FieldProps {
  form: SearchFormApi;
  name: SearchFilterName;
  /** The message shown before the user changes the field (the server's, or a shared link's). */
  message: string | undefined;
  /** Another field whose change shows this one's message too (the expiry range's end answers for both ends). */
  pairedWith?: SearchFilterName;
}

const controlId = (name: SearchFilterName) => `search-filter-${name}`;

/** 'YYYY/MM/DD', and room for the surrounding spaces of a paste. */
const dayLength = 12;

/** A filter's message: the form's own once the user has changed it (or its pair), else the one given. */
function useFilterError({ form, name, message, pairedWith }: FieldProps): string | undefined {
  const changed = useFieldChanged(form, `filters.${name}`);
  const pairChanged = useFieldChanged(form, `filters.${pairedWith ?? name}`);
  return changed || pairChanged ? form.getFieldState(`filters.${name}`, form.formState).error?.message : message;
}

function SelectFilter(props: FieldProps & { label: string; options: { value: string; text: string }[] }) {
  const { form, name, label, options } = props;
  const error = useFilterError(props);
  const id = controlId(name);
  return (
    <Form.Group controlId={id} className="col-12 col-sm-6 col-lg-3">
      <Form.Label>{label}</Form.Label>
      <Form.Select {...form.register(`filters.${name}`)} isInvalid={Boolean(error)} {...invalidAria(id, error)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </Form.Select>
      <FieldError controlId={id} error={error} />
    </Form.Group>
  );
}

/**
 * A text filter, or a day (`kind: 'day'`): typed in the portal's date style 'YYYY/MM/DD' (spec
 * section 9) instead of a browser date picker, whose field shows the browser's own order (mm/dd/yyyy
 * in an American Chromium) while every date of the portal reads year first.
 */
function InputFilter(props: FieldProps & { label: string; kind: 'day' | 'text'; hint?: string; className: string }) {
  const { form, name, label, kind, hint, className } = props;
  const error = useFilterError(props);
  const id = controlId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...form.register(`filters.${name}`)}
        type="text"
        {...(kind === 'day' ? { inputMode: 'numeric' as const, maxLength: dayLength } : {})}
        autoComplete="off"
        spellCheck={false}
        isInvalid={Boolean(error)}
        {...invalidAria(id, error, hintId)}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      <FieldError controlId={id} error={error} />
    </Form.Group>
  );
}

/**
 * The optional filters of the search (contract `domainSearchFiltersSchema`): lifecycle status, label,
 * grace period state, IDNs, the expiry range (a fieldset of two dates) and the registrant's handle.
 */
export function SearchFilterFields({ form, messages }: { form: SearchFormApi; messages: Partial<Record<SearchFilterName, string>> }) {
  const { t } = useTranslation();
  const any = { value: '', text: t('registrations.filters.any') };
  return (
    <div className="row g-3">
      <SelectFilter
        form={form}
        name="status"
        message={messages.status}
        label={t('registrations.filters.status')}
        options={[any, ...lifecycleOrder.map((status) => ({ value: status, text: t(`registrations.lifecycle.${status}`) }))]}
      />
      <SelectFilter
        form={form}
        name="label"
        message={messages.label}
        label={t('registrations.filters.label')}
        options={[any, ...registrationLabels.map((label) => ({ value: label, text: t(`registrations.label.${label}`) }))]}
      />
      <SelectFilter
        form={form}
        name="rgp"
        message={messages.rgp}
        label={t('registrations.filters.rgp')}
        options={[any, ...gracePeriodFilterValues.map((state) => ({ value: state, text: t(`registrations.filters.rgpValue.${state}`) }))]}
      />
      <SelectFilter
        form={form}
        name="idn"
        message={messages.idn}
        label={t('registrations.filters.idn')}
        options={[
          { value: '', text: t('registrations.filters.idnAll') },
          { value: 'true', text: t('registrations.filters.idnOnly') },
        ]}
      />
      <fieldset className="col-12 col-lg-6">
        <legend className="form-label fs-6 mb-2">{t('registrations.filters.expiry')}</legend>
        <div className="row g-2">
          <InputFilter
            form={form}
            name="expiresFrom"
            message={messages.expiresFrom}
            label={t('registrations.filters.expiresFrom')}
            hint={t('registrations.filters.dayHint')}
            kind="day"
            className="col-6"
          />
          <InputFilter
            form={form}
            name="expiresTo"
            pairedWith="expiresFrom"
            message={messages.expiresTo}
            label={t('registrations.filters.expiresTo')}
            hint={t('registrations.filters.dayHint')}
            kind="day"
            className="col-6"
          />
        </div>
      </fieldset>
      <InputFilter
        form={form}
        name="registrant"
        message={messages.registrant}
        label={t('registrations.filters.registrant')}
        hint={t('registrations.filters.registrantHint')}
        kind="text"
        className="col-12 col-lg-6"
      />
    </div>
  );
}

/**
 * The filters' disclosure under a search's main fields: a toggle saying how many filters are set,
 * and a panel with an introduction, the fields and a submit button (the search page, the portfolio on a date).
 */
export function SearchFiltersDisclosure({
  form,
  messages,
  panelId,
  intro,
  open,
  onToggle,
  setCount,
  submitDisabled = false,
}: {
  form: SearchFormApi;
  messages: Partial<Record<SearchFilterName, string>>;
  panelId: string;
  intro: string;
  open: boolean;
  onToggle: () => void;
  setCount: number;
  submitDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="search-filters mt-3 pt-3 border-top">
      <Button
        variant="link"
        className="search-filters-toggle p-0 fw-semibold text-decoration-none"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
      >
        <span className="search-filters-chevron me-2" aria-hidden="true" />
        {t('registrations.filters.toggle')}
        {setCount > 0 && <span className="badge rounded-pill text-bg-primary ms-2">{t('registrations.filters.active', { count: setCount })}</span>}
      </Button>
      <div id={panelId} hidden={!open} className="mt-3">
        <p className="small text-body-secondary mb-3">{intro}</p>
        <SearchFilterFields form={form} messages={messages} />
        <Button type="submit" variant="outline-primary" className="mt-3" disabled={submitDisabled}>
          {t('registrations.filters.apply')}
        </Button>
      </div>
    </div>
  );
}
