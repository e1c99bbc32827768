import { limits, type Message } from '@registrar-panel/contract';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation } from 'react-router';
import { FieldError, invalidAria } from '../../../components/form-field';
import { useFieldChanged } from '../../../lib/changed-fields';
import { messageText } from '../../../lib/form';
import { Icon } from '../../../components/icon';
import searchIcon from 'bootstrap-icons/icons/search.svg?raw';
import { checkSearchForm, formValuesOf, type SearchFormValues, type SearchRequest } from '../search-filters';
import type { SearchFilterName, SearchFilters } from '../search-location';
import { SearchFiltersDisclosure } from './search-filter-fields';

/** Messages shown on the form's fields without the user having changed them: the server's, or those of a shared link's filters. */
export interface SearchFieldMessages {
  domainName?: string | undefined;
  filters: Partial<Record<SearchFilterName, string>>;
}

interface SearchFormProps {
  term: string;
  filters: SearchFilters;
  messages: SearchFieldMessages;
  onSearch: (request: SearchRequest) => void;
}

const asError = (message: Message) => ({ type: message.messageKey, message: messageText(message) });

/**
 * Checks the form with the contract's schemas (search-filters.ts) and hands on the search it asks
 * for; `nameOptional` for the portfolio on a date, where an empty name means every name.
 */
export function searchFormResolver(options: { nameOptional?: boolean } = {}): Resolver<SearchFormValues, unknown, SearchRequest> {
  return async (values) => {
    const checked = checkSearchForm(values, options);
    if ('request' in checked) return { values: checked.request, errors: {} };
    const filters = Object.fromEntries(Object.entries(checked.filters).map(([name, message]) => [name, asError(message)]));
    const errors = { ...(checked.domainName ? { domainName: asError(checked.domainName) } : {}), ...(Object.keys(filters).length > 0 ? { filters } : {}) };
    return { values: {}, errors: errors as FieldErrors<SearchFormValues> };
  };
}

const searchResolver = searchFormResolver();

/** Wide enough for the filters beside each other (Bootstrap's `md` up): set filters open there at first; on a phone their chips say them. */
const wideScreen = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 768px)').matches;

/**
 * One input with the wildcard hint and a Search button that stays disabled while the form is invalid
 * (spec section 5), and below it the optional filters in a disclosure that says how many are set.
 */
export function SearchForm({ term, filters, messages, onSearch }: SearchFormProps) {
  const { t } = useTranslation();
  const defaults = useMemo(() => formValuesOf(term, filters), [term, filters]);
  const form = useForm<SearchFormValues, unknown, SearchRequest>({ mode: 'onChange', resolver: searchResolver, defaultValues: defaults });
  const { reset } = form;
  // A reload, a shared link, Back or Forward brings a new search: the form follows the address, on
  // every navigation (the location object is new each time, even back to the same address). Not
  // after its own Search: the address changes before the page renders it, and what the user typed
  // in between would be lost.
  const location = useLocation();
  const searched = useRef<string | null>(null);
  useEffect(() => {
    const own = searched.current === JSON.stringify(defaults);
    searched.current = null;
    if (!own) reset(defaults);
  }, [location, defaults, reset]);
  const submit = (event: FormEvent) =>
    form.handleSubmit((request) => {
      searched.current = JSON.stringify(formValuesOf(request.term, request.filters));
      onSearch(request);
    })(event);
  // The input's own message once the user has changed it (spec section 5), else the server's.
  const changed = useFieldChanged(form, 'domainName');
  const error = changed ? form.getFieldState('domainName', form.formState).error?.message : messages.domainName;
  const setCount = Object.keys(filters).length;
  const addressProblems = Object.keys(messages.filters).length > 0;
  // Closed at first, so the results start right under the search (the open panel pushed them 380 px
  // down). Open at first when the address holds filters, on a wide screen (the search is being
  // filtered; on a phone the chips under the form say them), or filters that need correcting; then
  // as the user chooses (docs/decisions.md, 'Portfolio overview and filtered search': 'The search's
  // filters start closed').
  const [wide] = useState(wideScreen);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (addressProblems || (wide && setCount > 0));
  const submitDisabled = !form.formState.isValid;

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} role="search" aria-label={t('registrations.search.formLabel')}>
      <Form.Group controlId="registration-search-input">
        <Form.Label className="fw-semibold">
          {t('registrations.search.inputLabel')}
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        </Form.Label>
        <InputGroup hasValidation>
          <InputGroup.Text>
            <Icon svg={searchIcon} />
          </InputGroup.Text>
          <Form.Control
            {...form.register('domainName')}
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={limits.searchInputMaxLength + 1}
            placeholder={t('registrations.search.placeholder')}
            aria-required
            isInvalid={Boolean(error)}
            {...invalidAria('registration-search-input', error, 'registration-search-hint')}
          />
          <Button type="submit" variant="primary" disabled={submitDisabled}>
            {t('registrations.search.submit')}
          </Button>
          <FieldError controlId="registration-search-input" error={error} />
        </InputGroup>
        <Form.Text id="registration-search-hint">{t('registrations.search.hint')}</Form.Text>
      </Form.Group>
      <SearchFiltersDisclosure
        form={form}
        messages={messages.filters}
        panelId="search-filters-panel"
        intro={t('registrations.filters.intro')}
        open={open}
        onToggle={() => setChosen(!open)}
        setCount={setCount}
        submitDisabled={submitDisabled}
      />
    </Form>
  );
}
