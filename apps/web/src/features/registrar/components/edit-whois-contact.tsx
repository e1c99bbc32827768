import {
  whoisContactSchema,
  type AbuseContact,
  type Registrar,
  type WhoisContact,
  type WhoisContactInput,
  type WhoisContactType,
} from '@registrar-panel/contract';
import { Form } from 'react-bootstrap';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import { TextField } from '../../../components/form-field';
import { contractResolver } from '../../../lib/form';
import { useUpdateWhoisContact } from '../api/update-whois-contact';
import { EmailLink, PhoneLink } from './contact-values';
import { ConflictNotice, EditButtons, EditPage } from './edit-page';
import { useContactEdit, type ContactSection } from './use-contact-edit';

type Output = z.output<typeof whoisContactSchema>;

const sectionOf = { TECH: 'techContact', ADMIN: 'adminContact', ABUSE: 'abuseContact' } as const satisfies Record<WhoisContactType, ContactSection>;

function WhoisContactForm({ registrar, type }: { registrar: Registrar; type: WhoisContactType }) {
  const { t } = useTranslation();
  const section = sectionOf[type];
  const save = useUpdateWhoisContact();
  const edit = useContactEdit<WhoisContact | AbuseContact>(section, registrar);
  const current: WhoisContact = registrar[section];
  const withName = type !== 'ABUSE';
  const form = useForm<WhoisContactInput, unknown, Output>({
    mode: 'onChange',
    resolver: contractResolver(whoisContactSchema),
    defaultValues: { type, ...(withName ? { name: current.name ?? '' } : {}), phone: current.phone, email: current.email },
  });
  const field = form as unknown as UseFormReturn<WhoisContactInput, unknown, FieldValues>;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The abuse contact has no name: none is sent.
      const { name, ...rest } = values;
      await save.mutateAsync({ ...rest, ...(withName ? { name: name ?? '' } : {}), type, version: edit.version });
      edit.backToProfile(true);
    } catch (error) {
      await edit.onSaveError(error);
    }
  });
  const theirs: WhoisContact | null = edit.savedMeanwhile;

  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)} className="col-lg-9 col-xl-7">
      {theirs && (
        <ConflictNotice
          rows={[
            ...(withName ? [{ label: t('registrar.contact.name'), value: theirs.name ?? '' }] : []),
            { label: t('registrar.contact.phone'), value: <PhoneLink phone={theirs.phone} /> },
            { label: t('registrar.contact.email'), value: <EmailLink email={theirs.email} /> },
          ]}
        />
      )}
      {withName && <TextField form={field} name="name" label={t('registrar.contact.name')} autoComplete="name" />}
      <TextField form={field} name="phone" label={t('registrar.contact.phone')} type="tel" required autoComplete="tel" placeholder="+32.21234567" />
      <TextField form={field} name="email" label={t('registrar.contact.email')} type="email" required autoComplete="email" />
      <EditButtons
        canSubmit={form.formState.isValid && !form.formState.isSubmitting}
        onCancel={() => edit.backToProfile(false)}
        saveCall="POST /registrar/whoisContact"
      />
    </Form>
  );
}

const titles = {
  TECH: 'registrar.edit.techContact.title',
  ADMIN: 'registrar.edit.adminContact.title',
  ABUSE: 'registrar.edit.abuseContact.title',
} as const satisfies Record<WhoisContactType, string>;

/** `/registrar/publicProfile/edit{Tech,Admin,Abuse}Contact`: the WHOIS contact form; the abuse form has no name. */
export function EditWhoisContact({ type }: { type: WhoisContactType }) {
  const { t } = useTranslation();
  return <EditPage title={t(titles[type])}>{(registrar) => <WhoisContactForm key={type} registrar={registrar} type={type} />}</EditPage>;
}
