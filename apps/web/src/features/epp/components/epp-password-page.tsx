import { eppPasswordFormSchema, type EppPasswordForm } from '@registrar-panel/contract';
import { useEffect, useMemo } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-field';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { contractResolver } from '../../../lib/form';
import { usePasswordRequired } from '../api/get-password-required';
import { unsafePasswordKey, useUpdatePassword } from '../api/update-password';
import { Icon } from '../../../components/icon';
import { useRefusal } from '../../../components/refusable';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import shieldCheckIcon from 'bootstrap-icons/icons/shield-check.svg?raw';
import { usePageTitle } from '../../../lib/page-title';

/**
 * `/epp/password` (spec sections 2, 4 and 5). Whether the current password is asked for comes from
 * the server; when that answer changes (after the first password is set) the form starts afresh.
 */
export function EppPasswordPage() {
  const { t } = useTranslation();
  const { data: currentRequired } = usePasswordRequired();
  usePageTitle(t('epp.tabs.password'), t('epp.title'));
  if (currentRequired === undefined) return null;
  return <PasswordForm key={String(currentRequired)} currentRequired={currentRequired} />;
}

const emptyForm: EppPasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

function PasswordForm({ currentRequired }: { currentRequired: boolean }) {
  const { t } = useTranslation();
  const schema = useMemo(() => eppPasswordFormSchema(currentRequired), [currentRequired]);
  const form = useForm<EppPasswordForm, unknown, EppPasswordForm>({ mode: 'onChange', resolver: contractResolver(schema), defaultValues: emptyForm });
  const update = useUpdatePassword();
  const refusal = useRefusal('PUT /registrar/epp/password');

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
    try {
      await update.mutateAsync({ ...(currentRequired ? { oldPassword: values.oldPassword } : {}), newPassword: values.newPassword });
      alerts.success(t('epp.password.updated'));
      form.reset(emptyForm);
    } catch (error) {
      // The API client alerted every other message; this one belongs on the New Password field.
      const unsafe = error instanceof ApiError ? error.has(unsafePasswordKey) : undefined;
      if (unsafe) form.setError('newPassword', { type: unsafe.messageKey, message: unsafe.defaultMessage }, { shouldFocus: true });
    }
  });

  return (
    <>
      <h2 className="h5 mb-3">{t(currentRequired ? 'epp.password.titleUpdate' : 'epp.password.titleSet')}</h2>
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
        <Button type="submit" variant="primary" className="mt-2" disabled={!form.formState.isValid || update.isPending || refusal.refused} {...refusal.props}>
          {t('epp.password.update')}
        </Button>
      </Form>
    </>
  );
}
