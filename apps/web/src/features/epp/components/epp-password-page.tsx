import { useTranslation } from '../../../lib/use-translation';
import { usePasswordRequired } from '../api/get-password-required';
import { useUpdatePassword } from '../api/update-password';
import { usePageTitle } from '../../../lib/page-title';
import { PasswordForm } from './password-form';

/**
 * `/epp/password` (spec sections 2, 4 and 5). Whether the current password is asked for comes from
 * the server; when that answer changes (after the first password is set) the form starts afresh.
 */
export function EppPasswordPage() {
  const { t } = useTranslation();
  const { data: currentRequired } = usePasswordRequired();
  usePageTitle(t('epp.tabs.password'), t('epp.title'));
  const update = useUpdatePassword();
  if (currentRequired === undefined) return null;
  return (
    <PasswordForm
      key={String(currentRequired)}
      currentRequired={currentRequired}
      call="PUT /registrar/epp/password"
      save={(values) => update.mutateAsync({ ...(currentRequired ? { oldPassword: values.oldPassword } : {}), newPassword: values.newPassword })}
    />
  );
}
