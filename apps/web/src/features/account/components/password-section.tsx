import { changeMyPasswordFormSchema, type ChangeMyPasswordForm, type MyAccount } from '@registrar-panel/contract';
import { useEffect, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { TextField } from '../../../components/form-field';
import { Icon } from '../../../components/icon';
import { useRefusal } from '../../../components/refusable';
import { SectionCard } from '../../../components/section-card';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { authSession } from '../../../lib/auth';
import { contractResolver } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { passwordFieldKeys, useChangePassword } from '../api/change-password';
import { useRecentSignIn } from './use-recent-sign-in';
import keyIcon from 'bootstrap-icons/icons/key.svg?raw';

const emptyForm: ChangeMyPasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password, the current one required, beside the footer's Reset Password (which mails a link).
 * With Keycloak its own page changes it, after the password and code again.
 */
export function PasswordSection({ account }: { account: MyAccount }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const recentSignIn = useRecentSignIn();
  const refusal = useRefusal('PUT /me/password');
  const start = () =>
    account.credentialsAt === 'portal'
      ? recentSignIn(() => setOpen(true))
      : void authSession.get()?.reauthenticate(paths.account, { action: 'UPDATE_PASSWORD' });
  return (
    <SectionCard id="account-password" title={t('account.password.title')} icon={keyIcon}>
      <p className="text-body-secondary">{t('account.password.intro')}</p>
      {open ? (
        <PasswordForm onDone={() => setOpen(false)} />
      ) : (
        <Button variant="outline-primary" onClick={start} disabled={refusal.refused} {...refusal.props} data-testid="account-password-start">
          {t('account.password.change')}
        </Button>
      )}
    </SectionCard>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<ChangeMyPasswordForm, unknown, ChangeMyPasswordForm>({
    mode: 'onChange',
    resolver: contractResolver(changeMyPasswordFormSchema),
    defaultValues: emptyForm,
  });
  const change = useChangePassword();

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

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      alerts.success(t('account.password.changed'));
      form.reset(emptyForm);
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      // The API client alerted every other message; these belong on their fields.
      for (const [field, key] of Object.entries(passwordFieldKeys) as [keyof typeof passwordFieldKeys, string][]) {
        const found = error.has(key);
        if (found) form.setError(field, { type: found.messageKey, message: found.defaultMessage }, { shouldFocus: true });
      }
    }
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} className="account-form">
      <TextField form={form} name="currentPassword" label={t('account.password.current')} type="password" required autoComplete="current-password" />
      <TextField form={form} name="newPassword" label={t('account.password.new')} type="password" required autoComplete="new-password" />
      <TextField form={form} name="confirmPassword" label={t('account.password.confirm')} type="password" required autoComplete="new-password" />
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button type="submit" variant="primary" disabled={!form.formState.isValid || change.isPending} data-testid="account-password-submit">
          <Icon svg={keyIcon} className="me-2" />
          {t('account.password.submit')}
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          {t('account.cancel')}
        </Button>
      </div>
    </Form>
  );
}
