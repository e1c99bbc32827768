import { publicContactSchema, type PublicContact, type PublicContactInput, type Registrar } from '@registrar-panel/contract';
import { useEffect } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import { TextField } from '../../../components/form-field';
import { contractResolver } from '../../../lib/form';
import { useCountries } from '../../../lib/countries';
import { useUpdatePublicContact } from '../api/update-public-contact';
import { AddressLines, EmailLink, PhoneLink, WebLink } from './contact-values';
import { CountryField } from './country-field';
import { ConflictNotice, EditButtons, EditPage } from './edit-page';
import { useContactEdit } from './use-contact-edit';

type Output = z.output<typeof publicContactSchema>;

function formValues(contact: PublicContact): PublicContactInput {
  const { address } = contact;
  return {
    organization: contact.organization,
    email: contact.email,
    phone: contact.phone,
    url: contact.url,
    address: {
      street: address.street,
      street2: address.street2 ?? '',
      street3: address.street3 ?? '',
      postalCode: address.postalCode,
      city: address.city,
      region: address.region ?? '',
      countryCode: address.countryCode,
    },
  };
}

function PublicContactForm({ registrar }: { registrar: Registrar }) {
  const { t } = useTranslation();
  const save = useUpdatePublicContact();
  const edit = useContactEdit<PublicContact>('publicContact', registrar);
  const { isFetched: countriesLoaded } = useCountries();
  const form = useForm<PublicContactInput, unknown, Output>({
    mode: 'onChange',
    resolver: contractResolver(publicContactSchema),
    defaultValues: formValues(registrar.publicContact),
  });
  const field = form as unknown as UseFormReturn<PublicContactInput, unknown, FieldValues>;
  const { trigger } = form;
  // The select can only hold the saved country once the list is in; validate again then.
  useEffect(() => {
    if (countriesLoaded) void trigger();
  }, [countriesLoaded, trigger]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, version: edit.version });
      edit.backToProfile(true);
    } catch (error) {
      await edit.onSaveError(error);
    }
  });
  const theirs = edit.savedMeanwhile;

  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)}>
      {theirs && (
        <ConflictNotice
          rows={[
            { label: t('registrar.contact.organization'), value: theirs.organization },
            { label: t('registrar.contact.address'), value: <AddressLines address={theirs.address} /> },
            { label: t('registrar.contact.email'), value: <EmailLink email={theirs.email} /> },
            { label: t('registrar.contact.phone'), value: <PhoneLink phone={theirs.phone} /> },
            { label: t('registrar.contact.url'), value: <WebLink url={theirs.url} /> },
          ]}
        />
      )}
      <Row>
        <Col md={6}>
          <TextField form={field} name="organization" label={t('registrar.contact.organization')} required autoComplete="organization" />
        </Col>
        <Col md={6}>
          <TextField form={field} name="url" label={t('registrar.contact.url')} type="url" required autoComplete="url" />
        </Col>
        <Col md={6}>
          <TextField form={field} name="email" label={t('registrar.contact.email')} type="email" required autoComplete="email" />
        </Col>
        <Col md={6}>
          <TextField form={field} name="phone" label={t('registrar.contact.phone')} type="tel" required autoComplete="tel" placeholder="+32.21234567" />
        </Col>
      </Row>
      <fieldset>
        <legend className="h6 mt-2 mb-3">{t('registrar.contact.address')}</legend>
        <TextField form={field} name="address.street" label={t('registrar.contact.street')} required autoComplete="address-line1" />
        <Row>
          <Col md={6}>
            <TextField form={field} name="address.street2" label={t('registrar.contact.street2')} autoComplete="address-line2" />
          </Col>
          <Col md={6}>
            <TextField form={field} name="address.street3" label={t('registrar.contact.street3')} autoComplete="address-line3" />
          </Col>
          <Col md={4}>
            <TextField form={field} name="address.postalCode" label={t('registrar.contact.postalCode')} required autoComplete="postal-code" />
          </Col>
          <Col md={8}>
            <TextField form={field} name="address.city" label={t('registrar.contact.city')} required autoComplete="address-level2" />
          </Col>
          <Col md={6}>
            <TextField form={field} name="address.region" label={t('registrar.contact.region')} autoComplete="address-level1" />
          </Col>
          <Col md={6}>
            <CountryField form={field} />
          </Col>
        </Row>
      </fieldset>
      <EditButtons canSubmit={form.formState.isValid && !form.formState.isSubmitting} onCancel={() => edit.backToProfile(false)} saveCall="PUT /registrar" />
    </Form>
  );
}

/** `/registrar/publicProfile/editPublicContact`. */
export function EditPublicContact() {
  const { t } = useTranslation();
  return <EditPage title={t('registrar.edit.publicContact.title')}>{(registrar) => <PublicContactForm registrar={registrar} />}</EditPage>;
}
