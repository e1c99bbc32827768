import type { PublicContactInput } from '@registrar-panel/contract';
import { Form } from 'react-bootstrap';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { FieldError, invalidAria, useShownError } from '../../../components/form-field';
import { useCountries } from '../../../lib/countries';

/**
 * The country picker: every country by name, ascending (spec section 2), stored as its ISO code.
 * Controlled by the form's value: opened by its address or a reload, the form holds the saved country
 * before the list arrives, and an uncontrolled select would keep the placeholder it showed meanwhile.
 * A saved code the list does not hold (yet, or at all when the list failed) shows as itself.
 */
export function CountryField({ form }: { form: UseFormReturn<PublicContactInput, unknown, FieldValues> }) {
  const { t } = useTranslation();
  const { data: countries, isError: listFailed } = useCountries();
  const error = useShownError(form, 'address.countryCode');
  const id = 'field-address-countryCode';
  const value = form.watch('address.countryCode');
  const listed = countries?.some((country) => country.iso2 === value) ?? false;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {t('registrar.contact.country')}
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      </Form.Label>
      <Form.Select
        isInvalid={Boolean(error)}
        aria-required
        autoComplete="country"
        {...invalidAria(id, error)}
        {...form.register('address.countryCode')}
        value={value}
      >
        <option value="">{t('registrar.edit.countryPlaceholder')}</option>
        {value && !listed && <option value={value}>{value}</option>}
        {countries?.map((country) => (
          <option key={country.iso2} value={country.iso2}>
            {country.name}
          </option>
        ))}
      </Form.Select>
      <FieldError controlId={id} error={error} />
      {listFailed && (
        <Form.Text className="text-danger" data-testid="countries-failed">
          {t('registrar.edit.countriesFailed')}
        </Form.Text>
      )}
    </Form.Group>
  );
}
