import type { AuditDetails } from '@registrar-panel/contract';
import { useTranslation } from '../../../../lib/use-translation';
import { BreakableText } from '../../../../components/breakable-text';
import { Change, Labelled, Lines, day, text } from './lines';

type Details<A extends keyof AuditDetails> = Partial<AuditDetails[A]>;
type UserValues = Partial<AuditDetails['user.update']['before']>;
type UserDetailsOf =
  | Details<'user.create'>
  | Details<'user.update'>
  | Details<'user.totpReset'>
  | Details<'user.accessEnd'>
  | Details<'user.passkeysRemove'>
  | Details<'user.secondFactorsRecover'>
  | Details<'registrar.passkeyPolicy.update'>;

/**
 * A user managed: who, then what the action recorded: a change's values before → after, the roles
 * of a user created or deleted, an access end day, the second factors removed; or whether passkeys
 * are now required of the registrar's users. What an entry lacks is left out.
 */
export function UserDetails({ details }: { details: UserDetailsOf }) {
  const { t } = useTranslation();
  const roles = (value: string[] | undefined) => value?.join(', ') || t('registrar.history.details.noRoles');
  const username = text('username' in details ? details.username : undefined);
  return (
    <Lines>
      {username && (
        <li>
          <Labelled label={t('registrar.history.details.user')}>
            <BreakableText text={username} />
          </Labelled>
        </li>
      )}
      {'after' in details && <UserChanges details={details} roles={roles} />}
      {'roles' in details && details.roles !== undefined && (
        <li>
          <Labelled label={t('registrar.history.details.roles')}>{roles(details.roles)}</Labelled>
        </li>
      )}
      {'accessEnd' in details && details.accessEnd !== undefined && (
        <li>{details.accessEnd ? t('registrar.history.details.accessEnd', { date: day(details.accessEnd) }) : t('registrar.history.details.noAccessEnd')}</li>
      )}
      {'totpRemoved' in details && details.totpRemoved && <li>{t('registrar.history.details.totpRemoved')}</li>}
      {'passkeysRemoved' in details && details.passkeysRemoved !== undefined && (
        <li>{t('registrar.history.details.passkeysRemoved', { count: details.passkeysRemoved })}</li>
      )}
      {'required' in details && details.required !== undefined && (
        <li>{t(details.required ? 'registrar.history.details.passkeysRequired' : 'registrar.history.details.passkeysNotRequired')}</li>
      )}
    </Lines>
  );
}

/** Each of name, email and roles that changed, before → after. */
function UserChanges({ details, roles }: { details: Details<'user.update'>; roles: (value: string[] | undefined) => string }) {
  const { t } = useTranslation();
  const before: UserValues = details.before ?? {};
  const after: UserValues = details.after ?? {};
  return (['name', 'email', 'roles'] as const)
    .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .map((name) => {
      const show = (values: UserValues) => (name === 'roles' ? roles(values.roles) : text(values[name]));
      return <Change key={name} label={t(`registrar.history.details.${name}`)} before={show(before)} after={show(after)} />;
    });
}
