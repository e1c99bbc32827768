import { eppPasswordFormSchema, type EppPasswordForm, type ServiceCall } from '@registrar-panel/contract';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { TextField } from '../../../components/form-field';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { contractResolver } from '../../../lib/form';
import { unsafePasswordKey } from '../api/update-password';
import { Icon } from '../../../components/icon';
import { useRefusal } from '../../../components/refusable';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import shieldCheckIcon from 'bootstrap-icons/icons/shield-check.svg?raw';

const emptyForm: EppPasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

export interface PasswordFormProps {
  /** Whether the current password is asked for: the title, the field and the rules follow (spec sections 2 and 5). */
  currentRequired: boolean;
  /** The call that saves, whose refusal by the registrar's status disables Update. */
  call: ServiceCall;
  save: (values: EppPasswordForm) => Promise<unknown>;
  /** After 'Password successfully updated.' (spec section 4). */
  onSaved?: () => void;
  /** A refusal the form does not show on a field, for the page to show its own way. */
  onRefused?: (error: ApiError) => void;
  /** The title's level: `h1` where the form is the page (the reset link's), else under the tabs' page title. */
  heading?: 'h1' | 'h2';
  headingId?: string;
}

/**
 * The spec's EPP password form: its title, notes, fields, rules and messages, and the success alert.
 * The password tab uses it, and the reset link's page without the current password (issue 31).
 */
export function PasswordForm({ currentRequired, call, save, onSaved, onRefused, heading: Heading = 'h2', headingId }: PasswordFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => eppPasswordFormSchema(currentRequired), [currentRequired]);
  const form = useForm<EppPasswordForm, unknown, EppPasswordForm>({ mode: 'onChange', resolver: contractResolver(schema), defaultValues: emptyForm });
  const [pending, setPending] = useState(false);
  const refusal = useRefusal(call);

  // The repeat is checked again whenever the new password changes, not only when the repeat does.
  useEffect(
    () =>
      form.subscribe({
        name: 'newPassword',
        formState: { values: true },
        callback: () => {
          if (form.getFieldState('confirmPassword').isDirty) void form.trigger('confirmPassword');
        },
      }),
    [form],
  );

  const submit = form.handleSubmit(async (values) => {
    setPending(true);
    try {
      await save(values);
      alerts.success(t('epp.password.updated'));
      form.reset(emptyForm);
      onSaved?.();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      // The API client alerted every other message; this one belongs on the New Password field.
      const unsafe = error.has(unsafePasswordKey);
      if (unsafe) form.setError('newPassword', { type: unsafe.messageKey, message: unsafe.defaultMessage }, { shouldFocus: true });
      else onRefused?.(error);
    } finally {
      setPending(false);
    }
  });

  return (
    <>
      <Heading id={headingId} className={Heading === 'h1' ? 'h3 mb-3' : 'h5 mb-3'}>
        {t(currentRequired ? 'epp.password.titleUpdate' : 'epp.password.titleSet')}
      </Heading>
      <Alert variant="warning" className="d-flex gap-2 align-items-start">
        <Icon svg={exclamationTriangleIcon} />
        <span>{t('epp.password.noteClient')}</span>
      </Alert>
      <p className="text-body-secondary">
        <Icon svg={shieldCheckIcon} className="me-2" />
        {t('epp.password.noteRules')}
      </p>
      <Form noValidate onSubmit={(event) => void submit(event)} style={{ maxWidth: '28rem' }}>
        {currentRequired && (
          <TextField form={form} name="oldPassword" label={t('epp.password.oldPassword')} type="password" required autoComplete="current-password" />
        )}
        <TextField form={form} name="newPassword" label={t('epp.password.newPassword')} type="password" required autoComplete="new-password" />
        <TextField form={form} name="confirmPassword" label={t('epp.password.confirmPassword')} type="password" required autoComplete="new-password" />
        <Button type="submit" variant="primary" className="mt-2" disabled={!form.formState.isValid || pending || refusal.refused} {...refusal.props}>
          {t('epp.password.update')}
        </Button>
      </Form>
    </>
  );
}
