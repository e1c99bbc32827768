import type { PublicContactInput } from '@registrar-panel/contract';
import { Form } from 'react-bootstrap';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { shownError } from '../../../components/form-field';
import { useCountries } from '../../../lib/countries';

/** The country picker: every country by name, ascending (spec section 2), stored as its ISO code. */
export function CountryField({ form }: { form: UseFormReturn<PublicContactInput, unknown, FieldValues> }) {
  const { t } = useTranslation();
  const { data: countries } = useCountries();
  const error = shownError(form, 'address.countryCode');
  return (
    <Form.Group className="mb-3" controlId="field-address-countryCode">
      <Form.Label>
        {t('registrar.contact.country')}
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      </Form.Label>
      <Form.Select isInvalid={Boolean(error)} aria-required autoComplete="country" {...form.register('address.countryCode')}>
        <option value="">{t('registrar.edit.countryPlaceholder')}</option>
        {countries?.map((country) => (
          <option key={country.iso2} value={country.iso2}>
            {country.name}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
