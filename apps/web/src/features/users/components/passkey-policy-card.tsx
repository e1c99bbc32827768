import { Form } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { SectionCard } from '../../../components/section-card';
import { Icon } from '../../../components/icon';
import { showAlert } from '../../../lib/alerts';
import { usePasskeyPolicy, useSetPasskeyPolicy } from '../api/passkey-policy';
import passkeyIcon from 'bootstrap-icons/icons/fingerprint.svg?raw';
import infoIcon from 'bootstrap-icons/icons/info-circle.svg?raw';

/**
 * "Require passkeys" on the User Management page, under its header, where an ADMIN manages the
 * registrar's users: a switch saved at once, with what it does; where the portal cannot offer
 * passkeys the switch is off and disabled, and the card says why.
 */
export function PasskeyPolicyCard() {
  const { t } = useTranslation();
  const policy = usePasskeyPolicy();
  const save = useSetPasskeyPolicy();
  if (!policy.isSuccess) return null;
  const { required, available, unavailableReason } = policy.data;
  const change = (next: boolean) =>
    save.mutate(next, { onSuccess: (saved) => showAlert('success', t(saved.required ? 'users.passkeyPolicy.savedOn' : 'users.passkeyPolicy.savedOff')) });
  return (
    <SectionCard id="passkey-policy" title={t('users.passkeyPolicy.title')} icon={passkeyIcon} className="shadow-sm mb-4" testId="passkey-policy">
      <Form.Check
        type="switch"
        id="passkey-policy-switch"
        label={t('users.passkeyPolicy.label')}
        checked={required}
        disabled={save.isPending || (!available && !required)}
        onChange={(event) => change(event.currentTarget.checked)}
        aria-describedby="passkey-policy-help"
      />
      <p id="passkey-policy-help" className="text-body-secondary small mb-0 mt-2">
        {t('users.passkeyPolicy.help')}
      </p>
      {unavailableReason && (
        <p className="small mb-0 mt-2 d-flex gap-2" data-testid="passkey-policy-unavailable">
          <Icon svg={infoIcon} className="flex-shrink-0 mt-1" />
          {t(`users.passkeyPolicy.unavailable.${unavailableReason}`)}
        </p>
      )}
    </SectionCard>
  );
}
