import { domainSearchFilterNames, formatDay, isCalendarDate, limits, parseDay } from '@registrar-panel/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { FieldError, invalidAria } from '../../../components/form-field';
import { formValuesOf, type SearchFormValues, type SearchRequest } from '../search-filters';
import { filterCount, type SearchFilters } from '../search-location';
import { SearchFiltersDisclosure } from './search-filter-fields';
import { searchFormResolver } from './search-form';

/** What the form asks for: the day (`YYYY-MM-DD`), a name pattern ('*' for every name) and the filters set. */
export interface PortfolioFilterRequest {
  at: string;
  term: string;
  filters: SearchFilters;
}

/** The search's own checks, the name optional: the portfolio on a date lists every name unless narrowed. */
const pastResolver = searchFormResolver({ nameOptional: true });

/**
 * The portfolio on a date's question: the day (the portal's date style, YYYY/MM/DD), an optional
 * name pattern with the search's wildcard, and the search's filters in the same disclosure, each
 * tested against the registration as it was then (the API's `portfolioOnDateQuerySchema`).
 */
export function PortfolioFilterForm({
  at,
  term,
  filters,
  onSubmit,
}: {
  at: string | null;
  term: string;
  filters: SearchFilters;
  onSubmit: (request: PortfolioFilterRequest) => void;
}) {
  const { t } = useTranslation();
  const defaults = useMemo(() => formValuesOf(term === '*' ? '' : term, filters), [term, filters]);
  const form = useForm<SearchFormValues, unknown, SearchRequest>({ mode: 'onSubmit', resolver: pastResolver, defaultValues: defaults });
  const [day, setDay] = useState(() => formatDay(at ?? undefined) || '');
  const [dayInvalid, setDayInvalid] = useState(false);
  const setCount = filterCount(filters);
  const [open, setOpen] = useState(setCount > 0);
  const nameError = form.formState.errors.domainName?.message;
  const dayError = dayInvalid ? t('search.filter.date.format') : undefined;
  const filterErrors = Object.fromEntries(domainSearchFilterNames.map((name) => [name, form.formState.errors.filters?.[name]?.message]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDay(day);
    const dayOk = isCalendarDate(parsed);
    setDayInvalid(!dayOk);
    void form.handleSubmit((request) => {
      if (dayOk) onSubmit({ at: parsed, term: request.term, filters: request.filters });
    })();
  };
  return (
    <Form noValidate onSubmit={submit} className="mb-4" data-testid="portfolio-filter-form">
      <div className="row g-3">
        <Form.Group controlId="past-at" className="col-12 col-sm-5 col-lg-3">
          <Form.Label>{t('registrations.past.onDate.date')}</Form.Label>
          <Form.Control
            value={day}
            placeholder={t('registrations.past.dateFormat')}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => setDay(event.target.value)}
            isInvalid={dayInvalid}
            {...invalidAria('past-at', dayError)}
          />
          <FieldError controlId="past-at" error={dayError} />
        </Form.Group>
        <Form.Group controlId="past-name" className="col-12 col-sm-7 col-lg-6">
          <Form.Label>{t('registrations.search.inputLabel')}</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              {...form.register('domainName')}
              type="search"
              autoComplete="off"
              spellCheck={false}
              maxLength={limits.searchInputMaxLength + 1}
              placeholder={t('registrations.search.placeholder')}
              isInvalid={Boolean(nameError)}
              {...invalidAria('past-name', nameError, 'past-name-hint')}
            />
            <Button type="submit" variant="primary">
              {t('registrations.past.show')}
            </Button>
            <FieldError controlId="past-name" error={nameError} />
          </InputGroup>
          <Form.Text id="past-name-hint">{t('registrations.past.onDate.nameHint')}</Form.Text>
        </Form.Group>
      </div>
      <SearchFiltersDisclosure
        form={form}
        messages={filterErrors}
        panelId="past-filters-panel"
        intro={t('registrations.past.onDate.filtersIntro')}
        open={open}
        onToggle={() => setOpen(!open)}
        setCount={setCount}
      />
    </Form>
  );
}
