import { domainSearchFormSchema, limits, type DomainSearchForm } from '@registrar-panel/contract';
import { useEffect } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError, invalidAria } from '../../../components/form-field';
import { useFieldChanged } from '../../../lib/changed-fields';
import { contractResolver } from '../../../lib/form';
import { Icon } from '../../../components/icon';
import searchIcon from 'bootstrap-icons/icons/search.svg?raw';

interface SearchFormProps {
  term: string;
  /** A message the server attached to the input (e.g. `search.domain.name.empty.input`). */
  serverError: string | undefined;
  onSearch: (term: string) => void;
}

/** One input with the wildcard hint and a Search button that stays disabled while the input is invalid. */
export function SearchForm({ term, serverError, onSearch }: SearchFormProps) {
  const { t } = useTranslation();
  const form = useForm<DomainSearchForm>({ mode: 'onChange', resolver: contractResolver(domainSearchFormSchema), defaultValues: { domainName: term } });
  const { reset } = form;
  // A reload, a shared link or the back button brings a new term: the input follows the address.
  useEffect(() => reset({ domainName: term }), [term, reset]);
  const submit = form.handleSubmit((values) => onSearch(values.domainName));
  // The input's own message once the user has changed it (spec section 5), else the server's.
  const changed = useFieldChanged(form, 'domainName');
  const error = changed ? form.getFieldState('domainName', form.formState).error?.message : serverError;

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
          <Button type="submit" variant="primary" disabled={!form.formState.isValid}>
            {t('registrations.search.submit')}
          </Button>
          <FieldError controlId="registration-search-input" error={error} />
        </InputGroup>
        <Form.Text id="registration-search-hint">{t('registrations.search.hint')}</Form.Text>
      </Form.Group>
    </Form>
  );
}
