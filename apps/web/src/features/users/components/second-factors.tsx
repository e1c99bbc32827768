import type { PanelUser } from '@registrar-panel/contract';
import { useTranslation } from '../../../lib/use-translation';
import { Icon } from '../../../components/icon';
import passkeyIcon from 'bootstrap-icons/icons/fingerprint.svg?raw';
import phoneIcon from 'bootstrap-icons/icons/phone.svg?raw';

/** A user's second factors in the list: the authenticator app, how many passkeys, or none set up yet. */
export function SecondFactors({ factors }: { factors: PanelUser['secondFactors'] }) {
  const { t } = useTranslation();
  if (!factors.totp && factors.passkeys === 0) return <span className="text-body-secondary">{t('users.factors.none')}</span>;
  return (
    <ul className="list-unstyled mb-0 small" data-testid="second-factors">
      {factors.totp && (
        <li className="text-nowrap">
          <Icon svg={phoneIcon} className="me-1" />
          {t('users.factors.app')}
        </li>
      )}
      {factors.passkeys > 0 && (
        <li className="text-nowrap">
          <Icon svg={passkeyIcon} className="me-1" />
          {t('users.factors.passkeys', { count: factors.passkeys })}
        </li>
      )}
    </ul>
  );
}
