import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useRemoveUserPasskeys } from '../api/remove-user-passkeys';
import { Icon } from '../../../components/icon';
import check2CircleIcon from 'bootstrap-icons/icons/check2-circle.svg?raw';
import passkeyIcon from 'bootstrap-icons/icons/fingerprint.svg?raw';

type RemoveState = 'idle' | 'confirming' | 'done';

/**
 * 'Remove passkeys', in the three states of the spec's TOTP reset (section 4): a first click asks
 * for confirmation, the second removes every passkey of the user, and the button then stays
 * disabled. A failed removal (alerted by the API client) starts over. Disabled through
 * `aria-disabled`, as the TOTP reset is, so that it keeps the focus; a status region reads each state.
 */
export function PasskeysRemoveButton({ username }: { username: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<RemoveState>('idle');
  const removal = useRemoveUserPasskeys();

  const locked = state === 'done' || removal.isPending;
  const click = () => {
    if (locked) return;
    if (state === 'idle') {
      setState('confirming');
      return;
    }
    removal.mutate(username, { onSuccess: () => setState('done'), onError: () => setState('idle') });
  };

  const label = { idle: 'users.passkeys.remove', confirming: 'users.passkeys.confirm', done: 'users.passkeys.done' }[state];
  const variant = { idle: 'outline-secondary', confirming: 'warning', done: 'success' }[state];
  return (
    <>
      <Button variant={variant} onClick={click} aria-disabled={locked} className={locked ? 'disabled' : undefined} data-testid="passkeys-remove">
        <Icon svg={state === 'done' ? check2CircleIcon : passkeyIcon} className="me-2" />
        {t(label)}
      </Button>
      <span className="visually-hidden" role="status" data-testid="passkeys-remove-status">
        {state === 'idle' ? '' : t(label)}
      </span>
    </>
  );
}
