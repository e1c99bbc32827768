import { can } from '@registrar-panel/contract';
import { useTranslation } from '../../../lib/use-translation';
import { NotAllowed } from '../../../components/not-allowed';
import { useCurrentUser } from '../../../lib/auth';

/** Whether the signed-in user's roles may search and read registrations (the contract's capability table). */
export function useMayReadRegistrations(): boolean {
  const user = useCurrentUser();
  return user !== null && can(user.roles, 'readRegistrations');
}

/** What the registration pages show a role that may not read registrations, before any call fails. */
export function RegistrationsNotAllowed() {
  const { t } = useTranslation();
  return <NotAllowed title={t('registrations.notAllowed.title')} text={t('registrations.notAllowed.text')} capability="readRegistrations" />;
}
